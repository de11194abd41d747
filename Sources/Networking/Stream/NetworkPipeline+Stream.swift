import Foundation
import SystemSupport

extension NetworkPipeline {
    /// Sends `request` like ``send(_:)`` but hands back the body as it arrives. Request filters,
    /// the retry policy (with early retry) and response filters apply to the head; the first body
    /// chunk is read within the attempt, so a connection that fails before any byte is retried too.
    /// Once this returns, nothing is retried: a failure mid-body is thrown by the body stream.
    ///
    /// ```swift
    /// let streamed = try await pipeline.stream(HTTPRequest(kind: .mediaSegment, url: url))
    /// for try await chunk in streamed.body { try await writer.write(chunk) }
    /// ```
    /// The attempt is recorded in ``requestLog`` when its body ends (with the bytes read).
    public func stream(_ request: HTTPRequest) async throws -> StreamedResponse {
        let transport = self.transport
        let (head, body) = try await perform(request) { request, timeouts in
            let streamed = try await transport.stream(request, timeouts: timeouts)
            var head = streamed.head
            guard head.isSuccess else {
                head.body = await streamed.body.collect(upTo: 64 << 10)
                return (head, nil)
            }
            do {
                if request.method != "HEAD" { _ = try await streamed.body.peek() }
            } catch {
                streamed.body.close()
                throw error
            }
            return (head, streamed.body)
        }
        return StreamedResponse(head: head, body: body ?? HTTPBodyStream(Data()))
    }

    /// Records a streamed attempt once its body has been read (or abandoned).
    func logWhenRead(_ body: HTTPBodyStream, request: HTTPRequest, attempt: Int, delay: Double,
                     start: ContinuousClock.Instant, response: HTTPResponse) {
        body.onEnding { [self] ending in
            let ms = (ContinuousClock.now - start).milliseconds
            let error = ending.error ?? (ending.closedEarly ? "closed by the reader" : nil)
            log(request, attempt: attempt, delay: delay, ms: ms, response: response, bytes: ending.bytes,
                failure: error)
        }
    }
}
