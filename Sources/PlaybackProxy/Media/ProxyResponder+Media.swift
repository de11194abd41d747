import Foundation
import HTTPTypes
import Hummingbird
import Networking
import Playlist
import SystemSupport

extension ProxyResponder {
    /// Request headers the player's request passes on upstream (not conditional ones: a 304 is
    /// not a success the pipeline hands back).
    static let forwardedRequestHeaders: [HTTPField.Name] = [.range, .ifRange]
    /// Response headers the origin's answer passes on to the player (Content-Length is set from
    /// the body).
    static let forwardedResponseHeaders = ["Content-Type", "Content-Range", "Accept-Ranges", "Cache-Control",
                                           "Last-Modified", "ETag", "Expires"]

    /// A failure's words: a transport error's message, else the redacted error.
    static func reason(_ error: any Error) -> String {
        (error as? TransportError)?.message ?? Redactor.shared.redact(String(describing: error))
    }

    /// Streams a segment, init segment, key or other media from the origin through the pipeline.
    func media(_ uri: ProxiedURI, request: Request) async -> Response {
        let started = ContinuousClock.now
        let method = request.method == .head ? "HEAD" : "GET"
        var forwarded = HTTPHeaderFields()
        for name in Self.forwardedRequestHeaders {
            if let value = request.headers[name] { forwarded[name.canonicalName] = value }
        }
        state.upstream.withLock { $0 += 1 }
        let streamed: StreamedResponse
        do {
            streamed = try await withToken(uri) { token in
                let streamed = try await state.pipeline.stream(try upstreamRequest(uri, token: token, method: method, headers: forwarded))
                if uri.carriesToken, state.credential.isRefusal(contentType: streamed.head.headers["Content-Type"]) {
                    streamed.body.close()
                    throw MediaRefusedError(target: streamed.head.request.loggableTarget)
                }
                return streamed
            }
        } catch {
            state.upstream.withLock { $0 -= 1 }
            let failure = Self.failure(error, uri: uri)
            state.failed(failure)
            state.record(RequestRecord(kind: uri.kind, method: method, target: failure.target, status: failure.status,
                                       error: failure.reason, attempt: failure.attempts, delay: 0,
                                       milliseconds: (ContinuousClock.now - started).milliseconds, bytes: 0))
            return Self.plain(Self.status(for: error), failure.description)
        }
        let head = streamed.head
        let body = streamed.body
        let shared = self.state
        body.onEnding { ending in
            shared.upstream.withLock { $0 -= 1 }
            shared.record(RequestRecord(
                kind: uri.kind, method: method, target: head.request.loggableTarget, status: head.status,
                error: ending.error ?? (ending.closedEarly ? "the player closed the connection" : nil),
                attempt: head.timing.attempts, delay: head.timing.waitedMilliseconds / 1000,
                milliseconds: (ContinuousClock.now - started).milliseconds, bytes: ending.bytes,
                headers: shared.pipeline.configuration.recordedHeaders.select(head.headers)))
        }
        var headers = HTTPFields()
        for name in Self.forwardedResponseHeaders {
            if let value = head.headers[name], let field = HTTPField.Name(name) { headers[field] = value }
        }
        let length = head.headers["Content-Length"].flatMap(Int.init)
        let status = HTTPTypes.HTTPResponse.Status(code: head.status)
        if method == "HEAD" {
            if let length { headers[.contentLength] = String(length) }
            body.close()
            return Response(status: status, headers: headers)
        }
        return Response(status: status, headers: headers, body: ResponseBody(contentLength: length) { writer in
            defer { body.close() }
            while true {
                let chunk: ByteBuffer?
                do {
                    chunk = try await body.next()
                } catch {
                    shared.failed(ProxyFailure(kind: uri.kind, target: head.request.loggableTarget, status: head.status,
                                               attempts: head.timing.attempts, reason: Self.reason(error), midBody: true))
                    throw error
                }
                guard let chunk else { break }
                // Unregistered meanwhile: the playback is over, its player gets no more.
                guard !shared.isClosed else { throw CancellationError() }
                try await writer.write(chunk)
            }
            try await writer.finish(nil)
        })
    }
}
