/// What `eventplayer` (the TUI) was asked to do.
///
/// ```swift
/// let options = InteractiveOptions(video: "none", audio: false)
/// try await InteractiveSession.run(options, services: services)
/// ```
public struct InteractiveOptions: Sendable {
    /// auto (a window when DISPLAY or WAYLAND_DISPLAY is set, else none), window, or none.
    public var video: String
    public var audio: Bool
    /// `--mpv-option key=value`, after the config file's `[mpv]` table.
    public var mpvOptions: [String]

    public init(video: String = "auto", audio: Bool = true, mpvOptions: [String] = []) {
        self.video = video
        self.audio = audio
        self.mpvOptions = mpvOptions
    }
}
