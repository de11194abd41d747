import Foundation
import Playlist

extension ProxiedPlayback {
    /// A complete event whose media playlist has `#EXT-X-DISCONTINUITY`: the proxy's URL of each
    /// part's own playlist (``PlaylistParts``, served from the cached playlist), with where it
    /// starts; empty for anything else (live, a master, no discontinuity, or the playlist could not
    /// be fetched: the player then meets that failure itself).
    ///
    /// ```swift
    /// let parts = await playback.parts()   // [Part(start: 0, url: …/part/0/…), Part(start: 12, url: …/part/1/…)]
    /// ```
    ///
    /// A failure is reported as the player's own would be, and the player's first request for the
    /// playlist gets the same answer (no second round of retries before the error shows).
    public func parts() async -> [PreparedPlayback.Part] {
        guard isComplete, !state.configuration.source.isFile else { return [] }
        let entry = state.entry
        let body: Data
        switch await ProxyResponder(state: state).playlistBody(entry, head: false) {
        case .body(let data):
            body = data
        case .failed(let status, let text):
            state.prefetchFailures.withLock { $0[entry.upstream.absoluteString] = (Int(status.code), text) }
            return []
        }
        guard let cut = PlaylistParts(body) else { return [] }
        return cut.parts.enumerated().compactMap { index, part in
            var uri = entry
            uri.part = index
            return URL(string: baseURL.absoluteString + uri.path).map { PreparedPlayback.Part(start: part.start, url: $0) }
        }
    }

    /// The complete event's playlist as the proxy serves it (its URIs absolute, into the proxy),
    /// once ``parts()`` fetched it; nil for a live event or when it could not be fetched. No
    /// request is made or recorded: it is the proxy's cache.
    ///
    /// The player reads it to reach a position in fMP4 HLS by a playlist that starts at the
    /// position's segment, as it does for a private playlist (a seek lavf performs there jumps to
    /// the end).
    public func cachedPlaylist() -> String? {
        guard isComplete, let body = state.cache.withLock({ $0[state.entry.upstream.absoluteString] }) else { return nil }
        return String(data: body, encoding: .utf8)
    }
}
