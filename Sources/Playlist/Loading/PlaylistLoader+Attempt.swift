import Foundation
import Networking
import SystemSupport

extension PlaylistLoader {
    func attempt(
        _ source: PlaybackSource, token: String, complete: Bool, playbackID: String, timings: inout StartupTimings
    ) async throws -> PreparedPlayback {
        let id = source.eventID
        // The events service's token goes in the URIs too; a bearer token only in the header.
        let inURIs = source.credential == .queryAndHeader
        let header = source.credential.headerValue(token)
        let url: URL
        do { url = inURIs ? try PlaybackURL(videoURL: source.videoURL, token: token).url : source.videoURL } catch {
            throw PlaylistLoadError(.url, eventID: id, error)
        }
        var mark = ContinuousClock.now
        let response = try await fetch(url, token: header, kind: .manifestHlsMaster, step: .fetch, eventID: id)
        let body = response.body
        // Relative URIs resolve against the URL that answered (after redirects); a playlist reached
        // through a redirect is not the service's own, so its URIs get no token.
        let own = response.redirects == 0
        timings.fetchMilliseconds += lap(&mark)
        timings.playlistsFetched += 1
        var rewriter = M3U8Rewriter(playlistURL: response.finalURL, token: token, appendsEndList: complete, limits: limits)
        rewriter.addsToken = own && inURIs
        if complete && body.count > Self.streamingThreshold {
            // A big playlist (a long recording) is rewritten straight into its private file: the output
            // (several times the input with long tokens) never sits in memory. If it is a master after
            // all, fall through to the in-memory path below.
            if let prepared = try streamMedia(rewriter, body, source: source, token: token, url: response.finalURL,
                                              playbackID: playbackID, timings: &timings, mark: &mark) {
                return prepared
            }
        }
        var (output, summary) = try rewrite(rewriter, body, eventID: id)
        timings.rewriteMilliseconds += lap(&mark)
        // Live: the player opens the URL that answered; after a redirect without the token
        // header (the target carries its own credential).
        var prepared = PreparedPlayback(
            eventID: id, playbackID: playbackID, url: response.finalURL, token: token, isComplete: complete,
            remoteURL: response.finalURL, summary: summary, variantSummaries: [], files: [], timings: timings)
        prepared.playerSendsToken = own
        if source.credential == .bearerHeader, own { prepared.playerHeader = header }
        guard complete else { return prepared }

        if summary.kind == .master {
            var seen = Set<String>()
            let variants = summary.variantURIs.filter { seen.insert($0).inserted }
            let responses = try await fetchVariants(variants, token: own ? header : nil, eventID: id)
            timings.fetchMilliseconds += lap(&mark)
            timings.playlistsFetched += variants.count
            var replacements: [String: String] = [:]
            for (uri, variant) in zip(variants, responses) {
                var variantRewriter = M3U8Rewriter(playlistURL: variant.finalURL, token: token, appendsEndList: true, limits: limits)
                variantRewriter.addsToken = own && variant.redirects == 0 && inURIs
                let (variantOutput, variantSummary) = try rewrite(variantRewriter, variant.body, eventID: id)
                timings.rewriteMilliseconds += lap(&mark)
                let file = try write(variantOutput, playbackID: playbackID, eventID: id)
                timings.writeMilliseconds += lap(&mark)
                replacements[uri] = file.path
                prepared.variantSummaries.append(variantSummary)
            }
            rewriter.replacements = replacements
            (output, summary) = try rewrite(rewriter, body, eventID: id)
            timings.rewriteMilliseconds += lap(&mark)
        }
        prepared.url = try write(output, playbackID: playbackID, eventID: id)
        if summary.kind == .media { prepared.parts = try writeParts(output, playbackID: playbackID, eventID: id) }
        timings.writeMilliseconds += lap(&mark)
        prepared.files = store.files(playback: playbackID)
        prepared.timings = timings
        return prepared
    }

    /// Bodies above this many bytes are streamed into the store (1 MiB: about 28,000 segments).
    static var streamingThreshold: Int { 1 << 20 }

    /// Rewrites a complete media playlist straight into a private file; nil (nothing kept) for a master.
    func streamMedia(
        _ rewriter: M3U8Rewriter, _ body: Data, source: PlaybackSource, token: String, url: URL, playbackID: String,
        timings: inout StartupTimings, mark: inout ContinuousClock.Instant
    ) throws -> PreparedPlayback? {
        var summary = M3U8Summary()
        let file: URL
        do {
            file = try store.write(playback: playbackID) { write in summary = try rewriter.rewrite(body, to: write) }
        } catch {
            if let format = error.underlying as? M3U8Error, format.code != .writeFailed {
                throw PlaylistLoadError(.rewrite, eventID: source.eventID, format)
            }
            throw PlaylistLoadError(.write, eventID: source.eventID, error)
        }
        timings.rewriteMilliseconds += lap(&mark)   // rewrite and write in one pass
        guard summary.kind == .media else {
            store.remove(playback: playbackID)
            return nil
        }
        // Our own file, read back only to cut it at its discontinuities.
        let parts = try (try? Data(contentsOf: file)).map { try writeParts($0, playbackID: playbackID, eventID: source.eventID) } ?? []
        var prepared = PreparedPlayback(
            eventID: source.eventID, playbackID: playbackID, url: file, token: token, isComplete: true, remoteURL: url,
            summary: summary, variantSummaries: [], files: store.files(playback: playbackID), timings: timings)
        prepared.parts = parts
        return prepared
    }

    /// A complete media playlist with discontinuities: one private file per part (see
    /// ``PlaylistParts``); none otherwise.
    func writeParts(_ output: Data, playbackID: String, eventID: String) throws -> [PreparedPlayback.Part] {
        guard let cut = PlaylistParts(output) else { return [] }
        return try cut.parts.map { part in
            PreparedPlayback.Part(start: part.start, url: try write(Data(part.text.utf8), playbackID: playbackID, eventID: eventID))
        }
    }

    /// Fetches a playlist; the token goes as the `Authorization` header unless `token` is nil (a URI
    /// named by a playlist that was reached through a redirect). The response says its final URL.
    func fetch(_ url: URL, token: String?, kind: HTTPRequestKind, step: PlaylistLoadError.Step,
               eventID: String) async throws -> HTTPResponse {
        let request = HTTPRequest(kind: kind, url: url, headers: token.map { [("Authorization", $0)] } ?? [])
        do {
            return try await pipeline.send(request)
        } catch {
            throw PlaylistLoadError(step, eventID: eventID, error)
        }
    }

    /// Fetches the variants concurrently; responses in the order of `uris`.
    func fetchVariants(_ uris: [String], token: String?, eventID: String) async throws -> [HTTPResponse] {
        try await withThrowingTaskGroup(of: (Int, HTTPResponse).self) { group in
            for (index, uri) in uris.enumerated() {
                guard let url = URL(string: uri) else {
                    throw PlaylistLoadError(.rewrite, eventID: eventID, M3U8Error(.invalidPlaylistURL(uri), line: 0))
                }
                group.addTask {
                    (index, try await self.fetch(url, token: token, kind: .manifestHlsVariant, step: .fetchVariant, eventID: eventID))
                }
            }
            var responses = [HTTPResponse?](repeating: nil, count: uris.count)
            for try await (index, response) in group { responses[index] = response }
            return responses.compactMap { $0 }
        }
    }

    func rewrite(_ rewriter: M3U8Rewriter, _ body: Data, eventID: String) throws -> (output: Data, summary: M3U8Summary) {
        do { return try rewriter.rewrite(body) } catch { throw PlaylistLoadError(.rewrite, eventID: eventID, error) }
    }

    func write(_ output: Data, playbackID: String, eventID: String) throws -> URL {
        do { return try store.write(output, playback: playbackID) } catch {
            throw PlaylistLoadError(.write, eventID: eventID, error)
        }
    }

    func lap(_ mark: inout ContinuousClock.Instant) -> Double {
        let now = ContinuousClock.now
        defer { mark = now }
        return (now - mark).milliseconds
    }
}
