import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// ``HTTPTransport`` over async-http-client's shared client.
public struct AsyncHTTPClientTransport: HTTPTransport {
    let client: HTTPClient
    /// Largest body accepted, in bytes.
    public var maxBodyBytes: Int

    public init(client: HTTPClient = .shared, maxBodyBytes: Int = 256 << 20) {
        self.client = client
        self.maxBodyBytes = maxBodyBytes
    }

    public func execute(_ request: HTTPRequest, timeout: Double) async throws -> HTTPResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for field in request.headers { outgoing.headers.add(name: field.name, value: field.value) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        let start = ContinuousClock.now
        do {
            let response = try await client.execute(outgoing, timeout: .milliseconds(Int64(timeout * 1000)))
            let buffer = try await response.body.collect(upTo: maxBodyBytes)
            let body = Data(buffer.readableBytesView)
            let ms = (ContinuousClock.now - start).milliseconds
            return HTTPResponse(
                status: Int(response.status.code),
                headers: HTTPHeaderFields(response.headers.map { ($0.name, $0.value) }),
                body: body,
                request: request,
                timing: .init(attemptMilliseconds: ms, totalMilliseconds: ms)
            )
        } catch let error as HTTPClientError {
            throw TransportError(error, url: request.url)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw TransportError(message: String(describing: error), isConnectFailure: Self.isConnectFailure(error))
        }
    }

    static func isConnectFailure(_ error: any Error) -> Bool {
        let text = String(describing: error)
        return text.contains("connectTimeout") || text.contains("Connection refused")
            || text.contains("connect(descriptor") || text.contains("NIOConnectionError")
            || text.contains("lookup")
    }
}

extension TransportError {
    init(_ error: HTTPClientError, url: URL) {
        switch error {
        case .deadlineExceeded, .readTimeout, .writeTimeout:
            self.init(message: "timed out", isTimeout: true)
        case .connectTimeout:
            self.init(message: "connect timed out", isConnectFailure: true, isTimeout: true)
        case .remoteConnectionClosed:
            self.init(message: "connection closed by the server")
        case .cancelled:
            self.init(message: "cancelled")
        default:
            self.init(message: String(describing: error), isConnectFailure: AsyncHTTPClientTransport.isConnectFailure(error))
        }
    }
}

extension Duration {
    /// The duration in milliseconds, as a Double.
    public var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
