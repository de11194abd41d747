import EventsAPI
import Player

/// Work the reducer asks the coordinator to do (I/O stays outside ``AppState``).
public enum AppEffect: Sendable, Equatable {
    case signIn(email: String, password: String)
    /// Fetch a page (`cursor` nil: the first page) for fetch `generation`.
    case fetchPage(cursor: String?, generation: Int)
    /// Start `event` as playback `id` at `startAt` seconds (the current one stops first).
    case startPlayback(Event, id: PlaybackID, startAt: Double)
    /// A transport command for the current playback (`.stop` finishes it).
    case player(PlayerCommand)
    /// Terminal video on or off (`v`); playback goes on.
    case setVideo(enabled: Bool)
    /// Save the frame of playback `id` at about `position` seconds of `event` as a PNG (`S`); the
    /// result comes back as the playback's `.screenshot` update.
    case saveSnapshot(Event, id: PlaybackID, position: Double)
    case quit
}
