/// Where video goes.
///
/// `window` opens mpv's own GPU window (`vo=gpu`, `hwdec=auto-safe`); `none` decodes nothing to
/// a screen (`vo=null`, `hwdec=no`) for headless runs and tests. Terminal video (`vo=libmpv`
/// with the software render API) is added by the terminal renderer; see `MPVRenderContextSeam`.
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
}
