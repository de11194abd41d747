import EventsAPI
import Playlist

/// Turns an event into something the player can open, and removes its private files again: the
/// seam between the ``PlaybackRunner`` and tokens, playlists and files. ``PlaybackPreparer`` is
/// the real one.
///
/// ```swift
/// let prepared = try await preparer.prepare(event, refreshTokens: false)
/// preparer.remove(prepared)
/// ```
public protocol PlaybackPreparing: Sendable {
    /// Tokens, authorised URL, playlist, private files; `refreshTokens` fetches fresh tokens first.
    func prepare(_ event: Event, refreshTokens: Bool) async throws -> PreparedPlayback
    /// Removes the private files of `prepared` (nothing for a live event).
    func remove(_ prepared: PreparedPlayback)
}
