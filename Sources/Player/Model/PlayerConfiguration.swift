/// How a ``Player`` sets up each mpv handle.
///
/// ```swift
/// var configuration = PlayerConfiguration()
/// configuration.video = .none
/// configuration.audio = false                       // --no-audio
/// configuration.networkTimeout = 10
/// configuration.extraOptions = [MPVOption(name: "speed", value: "2")]  // [mpv] / --mpv-option
/// let player = try Player(configuration: configuration)
/// ```
public struct PlayerConfiguration: Sendable, Equatable {
    /// Where video goes (default `.window`).
    public var video: VideoMode = .window
    /// False plays without audio (`aid=no`, the CLI's `--no-audio`).
    public var audio: Bool = true
    /// Seconds before mpv gives up on a network read (`network-timeout`; mpv's own default, 60,
    /// stalls a minute on a dead server).
    public var networkTimeout: Double = 10
    /// Options set after eventplayer's own (so they win), in order: the config file's `[mpv]`
    /// table and `--mpv-option key=value`.
    public var extraOptions: [MPVOption] = []
    /// How often ``Player/tick(now:)`` produces a progress update (the seek slider's clock).
    public var progressInterval: Duration = .seconds(1)
    /// Seconds a playback may stay stalled (waiting for data) before it ends as a stall (``PlaybackEnd/stalled(_:)``).
    /// A segment that hangs past `networkTimeout` can leave mpv retrying it forever.
    public var stallTimeout: Double = 30
    /// Seconds buffered ahead that count as "playthrough OK" when the end is not cached yet.
    public var playthroughSeconds: Double = 5
    /// How many recent warn/error log lines each playback keeps (they explain failures).
    public var logCapacity: Int = 64
    /// Stop after this many video frames (mpv's `frames`, the CLI's `--frames N`); nil plays on.
    /// The end of file then carries the limit (``EndOfFile/frameLimit``), which the app's session
    /// reads as "stopped after N frames" (or "ended" when the media has fewer frames). mpv runs without `keep-open` then: with it, mpv pauses
    /// at the limit and reports no end at all.
    public var frameLimit: Int?
    /// The mpv log level requested with `mpv_request_log_messages` (`warn` is what failure
    /// detection needs; `v` or `debug` help when troubleshooting).
    public var logLevel: String = "warn"
    /// Playback speed of the first playback (mpv's `speed`; ``Player/setSpeed(_:)`` changes it
    /// for this and later playbacks).
    public var speed: Double = 1
    /// Whether ffmpeg's log lines ("HTTP error 403", "Failed to open segment 2") explain this
    /// player's ends. ffmpeg's log is process-global and its lines name no player
    /// (``FFmpegLogAnchor``), so with several players in one process each would read the others'
    /// failures as its own. Off when every request goes through the process's playback proxy,
    /// which reports each playback's own failures (its refusals are then retried upstream, and a
    /// failed segment arrives as a notice that the playback session folds into the finish).
    public var readsFFmpegLog: Bool = true

    public init() {}
}
