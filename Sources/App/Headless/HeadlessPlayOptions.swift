/// What `eventplayer play` was asked to do.
public struct HeadlessPlayOptions: Sendable {
    public var eventID: String
    /// auto, window or none.
    public var video: String
    public var audio: Bool
    /// Start position in seconds.
    public var start: Double
    /// Stop after this many video frames (like mpv's `--frames`).
    public var frames: Int?
    /// JSON lines instead of text.
    public var json: Bool
    /// `--mpv-option key=value`, after the config file's `[mpv]` table.
    public var mpvOptions: [String]

    public init(eventID: String, video: String = "auto", audio: Bool = true, start: Double = 0, frames: Int? = nil,
                json: Bool = false, mpvOptions: [String] = []) {
        self.eventID = eventID
        self.video = video
        self.audio = audio
        self.start = start
        self.frames = frames
        self.json = json
        self.mpvOptions = mpvOptions
    }
}
