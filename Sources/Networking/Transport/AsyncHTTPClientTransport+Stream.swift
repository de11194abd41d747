import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import SystemSupport

extension AsyncHTTPClientTransport {
    /// Streams the body as async-http-client delivers it: the next chunk is asked for only when
    /// the reader pulls (backpressure); closing or dropping the stream cancels the request.
    /// `timeouts.request` covers the head; the body then keeps ``BodyPace`` (at least 16 KiB every
    /// `timeouts.request` seconds), not a whole-response deadline: a streamed body is long-lived.
    public func stream(_ request: HTTPRequest, timeouts: RequestTimeouts) async throws -> StreamedResponse {
        let client = self.client ?? SharedClients.client(connectTimeout: timeouts.connect)
        let outgoing = try self.outgoing(request)
        let start = ContinuousClock.now
        do {
            let response = try await client.execute(outgoing, timeout: .milliseconds(Int64(timeouts.request * 1000)))
            let ms = (ContinuousClock.now - start).milliseconds
            let iterator = BodyIterator(response.body.makeAsyncIterator())
            let url = request.url
            let pace = Locked(BodyPace(seconds: timeouts.request, now: .now))
            let body = HTTPBodyStream(pull: {
                let deadline = pace.withLock { $0.deadline }
                do {
                    let chunk = try await withinDeadline(seconds: max(0, (deadline - .now).milliseconds / 1000)) {
                        try await iterator.next()
                    }
                    if let chunk { pace.withLock { $0.received(chunk.readableBytes, at: .now) } }
                    return chunk
                } catch let error as HTTPClientError {
                    throw TransportError(error, url: url)
                } catch let error as TransportError where error.isTimeout {
                    throw pace.withLock { $0.failure }
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
            if let refusal = await trust.refusal(for: request.url, error: error, timeout: timeouts.connect) { throw refusal }
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
