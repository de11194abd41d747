import Foundation

/// Sends every request eventplayer makes: request filters, the transport, response filters and
/// the retry policy, in that order (DESIGN.md §6).
///
/// ```swift
/// let pipeline = NetworkPipeline()
/// let response = try await pipeline.send(HTTPRequest(kind: .apiEvents, url: url))
/// ```
public final class NetworkPipeline: Sendable {
    let transport: any HTTPTransport

    public init(transport: any HTTPTransport = AsyncHTTPClientTransport()) {
        self.transport = transport
    }

    /// Sends `request`; returns a 2xx response or throws ``NetworkError``.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        do {
            let response = try await transport.execute(request, timeout: 30)
            guard response.isSuccess else {
                throw NetworkError(.status(response.status, nil), request: request, response: response)
            }
            return response
        } catch let error as TransportError {
            throw NetworkError(.transport(error.message), request: request)
        } catch is CancellationError {
            throw NetworkError(.cancelled, request: request)
        }
    }
}
