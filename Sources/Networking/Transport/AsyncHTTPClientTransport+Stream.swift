import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import SystemSupport

extension AsyncHTTPClientTransport {
    /// Streams the body as async-http-client delivers it: the next chunk is asked for only when
    /// the reader pulls (backpressure); closing or dropping the stream cancels the request.
    public func stream(_ request: HTTPRequest, timeouts: RequestTimeouts) async throws -> StreamedResponse {
        let client = self.client ?? SharedClients.client(connectTimeout: timeouts.connect)
        let outgoing = try Self.outgoing(request)
        let start = ContinuousClock.now
        do {
            let response = try await client.execute(outgoing, timeout: .milliseconds(Int64(timeouts.request * 1000)))
            let ms = (ContinuousClock.now - start).milliseconds
            let iterator = BodyIterator(response.body.makeAsyncIterator())
            let url = request.url
            let body = HTTPBodyStream(pull: {
                do {
                    return try await iterator.next()
                } catch let error as HTTPClientError {
                    throw TransportError(error, url: url)
                }
            })
            let head = HTTPResponse(
                status: Int(response.status.code),
                headers: HTTPHeaderFields(response.headers.map { ($0.name, $0.value) }),
                request: request,
                timing: .init(attemptMilliseconds: ms, totalMilliseconds: ms))
            return StreamedResponse(head: head, body: body)
        } catch let error as HTTPClientError {
            throw TransportError(error, url: request.url)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw TransportError(message: Redactor.shared.redact(String(describing: error)),
                                 isConnectFailure: Self.isConnectFailure(error))
        }
    }
}

/// async-http-client's body iterator, pulled by one reader at a time.
// reason: the iterator is not Sendable; HTTPBodyStream's single reader is the only caller of next().
private final class BodyIterator: @unchecked Sendable {
    private var iterator: HTTPClientResponse.Body.AsyncIterator

    init(_ iterator: HTTPClientResponse.Body.AsyncIterator) {
        self.iterator = iterator
    }

    func next() async throws -> ByteBuffer? {
        try await iterator.next()
    }
}
