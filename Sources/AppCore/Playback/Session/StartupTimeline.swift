import Player
import Playlist

/// Where one playback's startup time went: the preparation's steps (tokens, playlist, rewrite,
/// private files) and mpv's (open, file loaded, first frame), with when each phase began.
///
/// ```swift
/// let steps = timeline.steps   // [("tokens", 3.1), ("playlist", 8.4), …, ("firstFrame", 212.0)]
/// ```
public struct StartupTimeline: Sendable, Equatable {
    public var prepare: StartupTimings
    /// From the request to the prepared playback.
    public var prepared: Duration
    /// From the request to the player's load call.
    public var loaded: Duration
    /// mpv's steps, measured from the load call.
    public var player: PlaybackTimeline

    public init(prepare: StartupTimings, prepared: Duration, loaded: Duration, player: PlaybackTimeline) {
        self.prepare = prepare
        self.prepared = prepared
        self.loaded = loaded
        self.player = player
    }
}
