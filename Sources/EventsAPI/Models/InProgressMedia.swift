/// How an event's video behaves while the event is still going on (``Event/endTime`` nil), as its
/// backend says: the playback follows it without guessing from the server's kind.
///
/// ```swift
/// if event.endTime == nil, event.inProgressMedia == .clipUntilAsked {
///     let now = try await backend.refreshed(event)   // its end if it ended, and video up to now
/// }
/// ```
public enum InProgressMedia: String, Sendable, Hashable {
    /// A live playlist that grows while the event goes on (no `#EXT-X-ENDLIST`; the player reloads
    /// it and follows): the events service.
    case growingPlaylist
    /// A closed clip, cut at the time the video was asked for (Frigate's nginx-vod always ends its
    /// playlist): at its end, ask the backend for the event again (``EventBackend/refreshed(_:)``)
    /// and play on from there.
    case clipUntilAsked
    /// Nothing to play until the event ends: the server writes the video when the event closes
    /// (ZoneMinder 1.36's MP4 is a 36-byte header until then). Playing it says so.
    case writtenAtEnd
}
