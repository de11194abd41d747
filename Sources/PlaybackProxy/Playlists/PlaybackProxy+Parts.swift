import Foundation
import Playlist

extension PlaybackProxy {
    /// A complete event whose media playlist has `#EXT-X-DISCONTINUITY`: the proxy's URL of each
    /// part's own playlist (``PlaylistParts``, served from the cached playlist), with where it
    /// starts; empty for anything else (live, a master, no discontinuity, or the playlist could not
    /// be fetched: the player then meets that failure itself).
    ///
    /// ```swift
    /// let parts = await proxy.parts()   // [Part(start: 0, url: …/part/0/…), Part(start: 12, url: …/part/1/…)]
    /// ```
    public func parts() async -> [PreparedPlayback.Part] {
        guard isComplete, let entry = ProxiedURI(path: url.absoluteString.dropFirst(baseURL.absoluteString.count)),
              case .body(let body) = await ProxyResponder(state: state).playlistBody(entry, head: false),
              let cut = PlaylistParts(body) else { return [] }
        return cut.parts.enumerated().compactMap { index, part in
            var uri = entry
            uri.part = index
            return URL(string: baseURL.absoluteString + uri.path).map { PreparedPlayback.Part(start: part.start, url: $0) }
        }
    }
}
