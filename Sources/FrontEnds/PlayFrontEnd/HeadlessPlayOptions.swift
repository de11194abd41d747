import AppCore

/// What `eventplayer play` was asked to do.
public struct HeadlessPlayOptions: Sendable {
    public var eventID: String
    /// Video, audio, `--mpv-option` and `--frames`, as the TUI takes them too.
    public var playback: PlaybackOptions
    /// Start position in seconds.
    public var start: Double
    /// JSON lines instead of text.
    public var json: Bool

    public init(eventID: String, playback: PlaybackOptions = PlaybackOptions(), start: Double = 0, json: Bool = false) {
        self.eventID = eventID
        self.playback = playback
        self.start = start
        self.json = json
    }

    /// Stop after this many video frames.
    var frames: Int? { playback.frames }
}
