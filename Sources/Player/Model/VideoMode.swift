/// Where video goes.
///
/// `window` opens mpv's own GPU window (`vo=gpu`, `hwdec=auto-safe`); `none` decodes nothing to
/// a screen (`vo=null`, `hwdec=no`) for headless runs and tests; `terminal` renders frames in
/// software (`vo=libmpv`, the SW render API) for the TUI's video pane (``Player/videoFrame``).
///
/// ```swift
/// var configuration = PlayerConfiguration()
/// configuration.video = ProcessInfo.processInfo.environment["DISPLAY"] == nil ? .none : .window
/// ```
public enum VideoMode: String, Sendable, Equatable, CaseIterable {
    /// mpv's own window: `vo=gpu`, `hwdec=auto-safe`.
    case window
    /// No video output: `vo=null`, `hwdec=no`.
    case none
    /// Software frames for the terminal: `vo=libmpv`, `hwdec=no`, `video-timing-offset=0`.
    case terminal
}
