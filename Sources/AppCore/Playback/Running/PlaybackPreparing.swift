import EventsAPI
import Playlist

/// Turns an event into something the player can open, and removes its private files again: the
/// seam between the ``PlaybackRunner`` and tokens, playlists and files. ``PlaybackPreparer``
/// (`--network direct`: private playlist files, mpv fetches media) and ``ProxyPreparer``
/// (`--network proxy`: a loopback proxy puts every request through the pipeline) are the real ones.
///
/// ```swift
/// let prepared = try await preparer.prepare(event, refreshTokens: false)
/// preparer.remove(prepared)
/// ```
public protocol PlaybackPreparing: Sendable {
    /// Tokens, authorised URL, playlist, private files; `refreshTokens` fetches fresh tokens first.
    func prepare(_ event: Event, refreshTokens: Bool) async throws -> PreparedPlayback
    /// Removes the private files of `prepared` (nothing for a live event), or stops its proxy.
    func remove(_ prepared: PreparedPlayback)
    /// Removes everything this preparer made (at exit and on terminating signals).
    func removeAll()
    /// What the network layer reports while playbacks play (a segment given up on), by group.
    var notices: AsyncStream<PlaybackNotice> { get }
}
