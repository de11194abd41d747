import Foundation
import HTTPTypes
import Hummingbird
import Networking
import Playlist
import SystemSupport

extension ProxyResponder {
    /// Fetches (or takes from the cache) the playlist, rewritten so every URI points into the proxy.
    /// A complete event's media playlists end with `#EXT-X-ENDLIST` and are cached; a live one's
    /// are fetched again on every request.
    func playlist(_ uri: ProxiedURI, head: Bool) async -> Response {
        var body: Data
        if let failure = state.prefetchFailures.withLock({ $0.removeValue(forKey: uri.upstream.absoluteString) }) {
            // `ProxiedPlayback.parts()` fetched this playlist for the playback's start and it failed
            // (after the pipeline's retries): the player gets that answer instead of a second round.
            return Self.plain(.init(code: failure.status), failure.text)
        }
        switch await playlistBody(uri, head: head) {
        case .body(let data): body = data
        case .failed(let status, let text): return Self.plain(status, text)
        }
        if let part = uri.part {
            // One part of a discontinuous playlist (see PlaylistParts); the whole one is cached.
            guard let cut = PlaylistParts(body), part < cut.parts.count else { return Self.plain(.notFound, "no such part") }
            body = Data(cut.parts[part].text.utf8)
        }
        var headers = HTTPFields()
        headers[.contentType] = "application/vnd.apple.mpegurl"
        headers[.cacheControl] = "no-store"
        headers[.contentLength] = String(body.count)
        if head { return Response(status: .ok, headers: headers) }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// A playlist's rewritten text, or the status and text that say why there is none.
    enum PlaylistReply {
        case body(Data)
        case failed(HTTPTypes.HTTPResponse.Status, String)
    }

    /// Fetches (or takes from the cache) the whole playlist `uri` names, rewritten, and records the exchange.
    func playlistBody(_ uri: ProxiedURI, head: Bool) async -> PlaylistReply {
        let started = ContinuousClock.now
        let configuration = state.configuration
        let complete = configuration.policy.isComplete(configuration.source)
        let key = uri.upstream.absoluteString
        let body: Data
        var record = RequestRecord(kind: uri.kind, method: head ? "HEAD" : "GET", target: Self.target(uri.upstream),
                                   status: 200, attempt: 1, delay: 0, milliseconds: 0, bytes: 0)
        if complete, let cached = state.cache.withLock({ $0[key] }) {
            body = cached
            record.attempt = 0   // served from the cache: no upstream attempt
        } else {
            do {
                let response = try await withToken(uri) { token in
                    try await state.pipeline.send(try upstreamRequest(uri, token: token))
                }
                // Relative URIs resolve against the URL that answered (the pipeline followed any
                // redirect); a playlist reached through a redirect, or named without the token,
                // names URIs that go upstream without it. The origins named become servable.
                var rewriter = M3U8Rewriter(playlistURL: response.finalURL, token: "", appendsEndList: complete,
                                            limits: configuration.limits, proxyBase: state.base)
                rewriter.addsToken = uri.carriesToken && response.redirects == 0
                let (output, summary) = try rewriter.rewrite(response.body)
                body = Self.variantCut(output, playlistURL: response.finalURL, covering: configuration.variantCovering)
                state.origins.withLock { $0.admit(token: summary.tokenOrigins, plain: summary.plainOrigins) }
                record.attempt = response.timing.attempts
                record.headers = configuration.pipeline.configuration.recordedHeaders.select(response.headers)
                if complete { state.cache.withLock { $0[key] = body } }
            } catch {
                let failure = Self.failure(error, uri: uri)
                state.failed(failure)
                record.status = failure.status
                record.attempt = failure.attempts
                record.error = failure.reason
                record.milliseconds = (ContinuousClock.now - started).milliseconds
                state.record(record)
                return .failed(Self.status(for: error), failure.description)
            }
        }
        record.bytes = body.count
        record.milliseconds = (ContinuousClock.now - started).milliseconds
        state.record(record)
        return .body(body)
    }

    /// A master playlist with only the variant that covers `size` (a montage tile's pixels);
    /// anything else (a media playlist, no size, no variant found) as it is. The variants are read
    /// from the rewritten text itself (its URIs are absolute: read as they are written).
    static func variantCut(_ output: Data, playlistURL: URL, covering size: M3U8Inventory.Resolution?) -> Data {
        guard let size else { return output }
        var reader = M3U8Rewriter(playlistURL: playlistURL, token: "")
        reader.addsToken = false
        guard let inventory = try? reader.inventory(output), inventory.variants.count > 1,
              let variant = inventory.smallestVariant(covering: size.width, size.height),
              let text = String(data: output, encoding: .utf8) else { return output }
        return Data(MasterVariantFilter.keeping(variant.uri, in: text).utf8)
    }
}
