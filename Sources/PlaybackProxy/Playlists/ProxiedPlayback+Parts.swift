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
        guard isComplete else { return [] }
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
}
