/// What the user asked for with `--video` or the `video` config key; ``resolve(environment:)``
/// turns `auto` into a ``VideoMode``.
///
/// ```swift
/// let choice = try VideoModeChoice(parsing: options.video ?? config.video ?? "auto")
/// configuration.video = choice.resolve(environment: ProcessInfo.processInfo.environment)
/// ```
public enum VideoModeChoice: String, Sendable, Equatable, CaseIterable {
    case auto, window, terminal, none

    /// Parses `auto`, `window`, `terminal` or `none`; anything else is an error that says so.
    public init(parsing text: String) throws(VideoModeChoiceError) {
        guard let choice = VideoModeChoice(rawValue: text.lowercased()) else { throw VideoModeChoiceError(text: text) }
        self = choice
    }

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

/// `--video` (or the `video` config key) had a value that is not a mode.
public struct VideoModeChoiceError: Error, Sendable, Equatable, CustomStringConvertible {
    public let text: String
    public var description: String { "--video must be auto, window, terminal or none, not '\(text)'" }
}
