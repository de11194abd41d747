/// Why the player could not set up or start mpv, with a message a user can act on.
///
/// ```swift
/// do { try player.load(source) } catch let error as PlayerError { statusBar.showError(error.description) }
/// ```
public struct PlayerError: Error, Sendable, Equatable, CustomStringConvertible {
    enum Code: Sendable, Equatable {
        case invalidOption(String, String)
        case mpv(String, String)
        case system(String, Int32)
        case invalidToken
        /// libmpv could not be loaded (missing, too old, or hidden by EVENTPLAYER_LIBMPV).
        case libmpvUnavailable(String)
    }

    let code: Code

    init(_ code: Code) { self.code = code }

    static func invalidOption(_ option: String, reason: String) -> PlayerError { PlayerError(.invalidOption(option, reason)) }

    /// True when an mpv option (ours or a user's) was rejected.
    public var isInvalidOption: Bool { if case .invalidOption = code { true } else { false } }

    public var description: String {
        switch code {
        case .invalidOption(let option, let reason):
            "mpv option '\(option)' was rejected: \(reason) (check the [mpv] table of the config file and --mpv-option)"
        case .mpv(let step, let reason):
            "libmpv failed to \(step): \(reason) (is libmpv2 (mpv 0.35 or later) installed?)"
        case .system(let call, let errno):
            "\(call) failed with errno \(errno) while setting up the player"
        case .libmpvUnavailable(let reason):
            "playback needs libmpv, which could not be loaded (\(reason)); install it (Debian and Ubuntu: apt-get install libmpv2) or set \(MPVLibrary.environmentVariable) to its path"
        case .invalidToken:
            "the media token contains a control character (such as a line break) and cannot be sent as a header; sign in again"
        }
    }
}
