/// What the user asked for with `--video` or the `video` config key; ``resolve(environment:)``
/// turns `auto` into a ``VideoMode``.
///
/// ```swift
/// let choice = VideoModeChoice.auto   // parsed from `--video` or the config file's `video`
/// configuration.video = choice.resolve(environment: ProcessInfo.processInfo.environment)
/// ```
public enum VideoModeChoice: String, Sendable, Equatable, CaseIterable {
    case auto, window, terminal, none

    /// `auto`: a window when there is a display (`DISPLAY` or `WAYLAND_DISPLAY` set and non-empty)
    /// and the session is not over SSH (`SSH_CONNECTION`, `SSH_TTY`); terminal video otherwise.
    public func resolve(environment: [String: String]) -> VideoMode {
        switch self {
        case .window: return .window
        case .terminal: return .terminal
        case .none: return .none
        case .auto:
            func isSet(_ name: String) -> Bool { !(environment[name] ?? "").isEmpty }
            let display = isSet("DISPLAY") || isSet("WAYLAND_DISPLAY")
            let ssh = isSet("SSH_CONNECTION") || isSet("SSH_TTY")
            return display && !ssh ? .window : .terminal
        }
    }
}

