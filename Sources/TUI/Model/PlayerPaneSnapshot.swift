import PlaybackStates

/// Everything the player pane, seek slider and status bar show about the current playback.
///
/// ```swift
/// var player = PlayerPaneSnapshot(title: "Front Door · Motion", playback: .playing)
/// player.position = 4; player.duration = 10; player.bufferedAhead = 3
/// player.load = .playthroughOK
/// ```
public struct PlayerPaneSnapshot: Hashable, Sendable {
    /// Title of the event playing (camera · title).
    public var title: String
    /// Secondary line, e.g. "Today 14:02 · 30-days".
    public var subtitle: String
    /// Playing, paused, stopped, interrupted, seeking.
    public var playback: PlaybackState
    public var load: LoadState
    /// Set once the playback finished.
    public var finish: FinishReason?
    /// Seconds from the start.
    public var position: Double
    /// Seconds; nil while unknown (live or not loaded).
    public var duration: Double?
    /// Seconds buffered ahead of `position`.
    public var bufferedAhead: Double
    /// While the user seeks with keys: where the knob should be (seconds).
    public var pendingSeekTarget: Double?
    public var isMuted: Bool
    /// 0...100 (or more, mpv allows up to 130).
    public var volume: Int
    /// Where the video goes, e.g. "terminal·sextant", "video off", "window" or "no video" (the
    /// status bar shows it; so does the poster).
    public var videoModeText: String
    /// Network mode, e.g. "local" or "ssh"; "" hides it.
    public var networkText: String
    /// The event is live (the slider shows "LIVE" instead of a total).
    public var isLive: Bool
    /// Terminal video: ncurses leaves the pane blank for ``UILoop/video`` to draw frames in (the
    /// still of the last frame stays while this is true). False shows the poster lines, as does
    /// a pane too small for video.
    public var showsVideo: Bool
    /// The playback speed when it is not 1×, e.g. "1.21×"; "" hides it.
    public var speedText = ""
    /// After a frame step (until playback resumes): the slider's time shows hundredths, `0:12.40`.
    public var showsFrameTime = false
    /// Where the event's alarms start, in seconds (ZoneMinder's alarm frames): marks on the slider.
    public var alarmMarks: [Double] = []
    /// The current download rate through the playback proxy, e.g. "↓ 2.4 MB/s"; "" hides it.
    public var downloadRateText: String
    /// A camera live (`L`): the status bar's segments in place of the playback's state, e.g.
    /// `live`, `Front Door`, `4.8 fps`, `0.3 s old`; empty for a recording.
    public var liveSegments: [String] = []
    /// The live picture has not changed for a while, or the server says the camera sends nothing:
    /// the last segment says which (shown as an error).
    public var isLiveStalled = false

    public init(title: String, subtitle: String = "", playback: PlaybackState = .stopped, load: LoadState = .unknown,
                finish: FinishReason? = nil, position: Double = 0, duration: Double? = nil,
                bufferedAhead: Double = 0, pendingSeekTarget: Double? = nil, isMuted: Bool = false,
                volume: Int = 100, videoModeText: String = "", networkText: String = "",
                isLive: Bool = false, showsVideo: Bool = false, downloadRateText: String = "") {
        self.title = title
        self.subtitle = subtitle
        self.playback = playback
        self.load = load
        self.finish = finish
        self.position = position
        self.duration = duration
        self.bufferedAhead = bufferedAhead
        self.pendingSeekTarget = pendingSeekTarget
        self.isMuted = isMuted
        self.volume = volume
        self.videoModeText = videoModeText
        self.networkText = networkText
        self.isLive = isLive
        self.showsVideo = showsVideo
        self.downloadRateText = downloadRateText
    }
}
