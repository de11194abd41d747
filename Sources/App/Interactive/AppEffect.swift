import EventsAPI

/// Work the reducer asks the coordinator to do (I/O stays outside ``AppState``).
enum AppEffect: Sendable, Equatable {
    case signIn(email: String, password: String)
    /// Fetch a page (`cursor` nil: the first page) for fetch `generation`.
    case fetchPage(cursor: String?, generation: Int)
    /// Prepare `event` (tokens, playlist) for playback `generation`, then load it at `startAt`.
    /// Newer generations cancel older ones.
    case prepare(Event, generation: Int, refreshTokens: Bool, startAt: Double)
    /// Load the prepared playback `generation` into the player (it is still the newest).
    case load(generation: Int)
    /// Forget a prepared playback nobody wants any more (remove its private files).
    case discard(generation: Int)
    /// Stop and forget the current playback (its private files too): another event is starting.
    case unload
    case player(PlayerCommand)
    case quit
}

/// A transport command for the player.
enum PlayerCommand: Sendable, Equatable {
    case play, togglePause, stop, toggleMute, interrupt, resume
    case seek(to: Double)
    case setVolume(Double)
}
