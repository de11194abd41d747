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
    /// Fetch the first frame of `event` for the video pane (a newer one replaces it).
    case loadStill(Event)
    /// Stop fetching a still (a playback starts, or the selection moved on).
    case cancelStill
    case quit
}
