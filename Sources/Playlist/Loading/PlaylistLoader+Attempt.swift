import Foundation
import Networking

extension PlaylistLoader {
    func attempt(
        _ source: PlaybackSource, token: String, complete: Bool, playbackID: String, timings: inout StartupTimings
    ) async throws -> PreparedPlayback {
        let id = source.eventID
        let url: URL
        do { url = try PlaybackURL(videoURL: source.videoURL, token: token).url } catch {
            throw PlaylistLoadError(.url, eventID: id, error)
        }
        var mark = ContinuousClock.now
        let body = try await fetch(url, token: token, kind: .manifestHlsMaster, step: .fetch, eventID: id)
        timings.fetchMilliseconds += lap(&mark)
        timings.playlistsFetched += 1
        var rewriter = M3U8Rewriter(playlistURL: url, token: token, appendsEndList: complete, limits: limits)
        if complete && body.count > Self.streamingThreshold {
            // A big playlist (a long recording) is rewritten straight into its private file: the output
            // (several times the input with long tokens) never sits in memory. If it is a master after
            // all, fall through to the in-memory path below.
            if let prepared = try streamMedia(rewriter, body, source: source, token: token, url: url,
                                              playbackID: playbackID, timings: &timings, mark: &mark) {
                return prepared
            }
        }
        var (output, summary) = try rewrite(rewriter, body, eventID: id)
        timings.rewriteMilliseconds += lap(&mark)
        var prepared = PreparedPlayback(
            eventID: id, playbackID: playbackID, url: url, token: token, isComplete: complete, remoteURL: url,
            summary: summary, variantSummaries: [], files: [], timings: timings)
        guard complete else { return prepared }

        if summary.kind == .master {
            var seen = Set<String>()
            let variants = summary.variantURIs.filter { seen.insert($0).inserted }
            let bodies = try await fetchVariants(variants, token: token, eventID: id)
            timings.fetchMilliseconds += lap(&mark)
            timings.playlistsFetched += variants.count
            var replacements: [String: String] = [:]
            for (uri, body) in zip(variants, bodies) {
                let variantRewriter = M3U8Rewriter(playlistURL: URL(string: uri)!, token: token, appendsEndList: true, limits: limits)
                let (variantOutput, variantSummary) = try rewrite(variantRewriter, body, eventID: id)
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
        return PreparedPlayback(
            eventID: source.eventID, playbackID: playbackID, url: file, token: token, isComplete: true, remoteURL: url,
            summary: summary, variantSummaries: [], files: store.files(playback: playbackID), timings: timings)
    }

    func fetch(_ url: URL, token: String, kind: HTTPRequestKind, step: PlaylistLoadError.Step, eventID: String) async throws -> Data {
        let request = HTTPRequest(kind: kind, url: url, headers: [("Authorization", token)])
        do {
            return try await pipeline.send(request).body
        } catch {
            throw PlaylistLoadError(step, eventID: eventID, error)
        }
    }

    /// Fetches the variants concurrently; bodies in the order of `uris`.
    func fetchVariants(_ uris: [String], token: String, eventID: String) async throws -> [Data] {
        try await withThrowingTaskGroup(of: (Int, Data).self) { group in
            for (index, uri) in uris.enumerated() {
                guard let url = URL(string: uri) else {
                    throw PlaylistLoadError(.rewrite, eventID: eventID, M3U8Error(.invalidPlaylistURL(uri), line: 0))
                }
                group.addTask {
                    (index, try await self.fetch(url, token: token, kind: .manifestHlsVariant, step: .fetchVariant, eventID: eventID))
                }
            }
            var bodies = [Data](repeating: Data(), count: uris.count)
            for try await (index, body) in group { bodies[index] = body }
            return bodies
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
