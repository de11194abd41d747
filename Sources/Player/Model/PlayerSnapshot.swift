import PlaybackStates
/// Everything a view shows about the player, as one value (docs/architecture.md: the TUI gets value snapshots).
///
/// ```swift
/// let s = player.snapshot
/// print("\(s.playback) \(s.load) \(s.progress)\(s.end.map { " \($0)" } ?? "")")
/// // playing playthrough OK 0:03/0:10 +7s
/// ```
public struct PlayerSnapshot: Sendable, Equatable {
    /// The current playback, nil before the first load.
    public var playbackID: PlaybackID?
    /// What is playing (nil before the first load).
    public var source: MediaSource?
    /// Stopped, playing, paused, interrupted, seeking forward/backward.
    public var playback: PlaybackState = .stopped
    /// Playable, playthrough OK, stalled (with buffering %).
    public var load: LoadState = .unknown
    /// How the media stopped, once it did; cleared when playback goes on after the end of the file
    /// (seeking back, or playing again from the start).
    public var end: PlaybackEnd?
    /// Position, duration and buffered-ahead seconds.
    public var progress = PlaybackProgress()
    /// mpv's `mute`.
    public var muted = false
    /// mpv's `volume`, 0...130 (100 is unchanged).
    public var volume: Double = 100
    /// mpv's `speed` (1 is normal; kept for later playbacks, like mute and volume).
    public var speed: Double = 1
    /// Zoom and pan of the picture (kept for later playbacks, like the speed).
    public var framing = VideoFraming()
    /// Startup timings of the current playback.
    public var timeline = PlaybackTimeline()

    public init() {}
}
