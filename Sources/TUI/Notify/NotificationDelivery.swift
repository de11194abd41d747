import Foundation

/// How notifications go out on this terminal: a method, and whether through tmux's passthrough.
/// Chosen once the terminal is known (``choose(preferred:environment:terminalName:tmuxPassthrough:)``,
/// pure).
///
/// ```swift
/// let delivery = NotificationDelivery.choose(preferred: nil, environment: ["TERM_PROGRAM": "WezTerm"],
///                                            terminalName: nil, tmuxPassthrough: false)
/// // .osc9, not through tmux
/// ```
public struct NotificationDelivery: Sendable, Equatable {
    public var method: NotificationMethod
    /// Wrap in tmux's passthrough (inside tmux with `allow-passthrough` on).
    public var throughTmux: Bool

    public init(method: NotificationMethod, throughTmux: Bool = false) {
        self.method = method
        self.throughTmux = throughTmux
    }

    /// The bytes of `notice` delivered this way.
    public func bytes(_ notice: TerminalNotice) -> [UInt8] {
        TerminalNotification.bytes(notice, method: method, throughTmux: throughTmux)
    }

    /// - Parameters:
    ///   - preferred: `notify-method` when not `auto`.
    ///   - environment: the process's (TERM, TERM_PROGRAM, TMUX, and what terminals set:
    ///     KITTY_WINDOW_ID, WEZTERM_PANE, GHOSTTY_RESOURCES_DIR, LC_TERMINAL).
    ///   - terminalName: what the terminal said of itself at start (XTVERSION, the graphics probe).
    ///   - tmuxPassthrough: inside tmux, its `allow-passthrough` is on.
    /// - Returns: the preferred method, else the one the terminal is known to show, else the
    ///   bell; inside tmux an escape sequence goes through the passthrough when it is on, and
    ///   becomes the bell when it is not (tmux forwards bells).
    public static func choose(preferred: NotificationMethod?, environment: [String: String], terminalName: String?,
                              tmuxPassthrough: Bool) -> NotificationDelivery {
        let method = preferred ?? detected(environment: environment, terminalName: terminalName) ?? .bell
        let inTmux = !(environment["TMUX"] ?? "").isEmpty
        guard inTmux, method != .bell else { return NotificationDelivery(method: method) }
        return tmuxPassthrough ? NotificationDelivery(method: method, throughTmux: true) : NotificationDelivery(method: .bell)
    }

    /// The method a terminal known to show desktop notifications takes; nil for any other.
    /// Inside tmux, TERM and TERM_PROGRAM are tmux's: the variables the outer terminal set
    /// (inherited through tmux) still tell.
    static func detected(environment: [String: String], terminalName: String?) -> NotificationMethod? {
        let term = environment["TERM"] ?? ""
        let program = environment["TERM_PROGRAM"] ?? ""
        let name = (terminalName ?? "").lowercased()
        func has(_ key: String) -> Bool { !(environment[key] ?? "").isEmpty }
        if term.hasPrefix("foot") || name.hasPrefix("foot") { return .osc777 }
        if ["iTerm.app", "WezTerm", "ghostty"].contains(program) || environment["LC_TERMINAL"] == "iTerm2"
            || term == "xterm-kitty" || term == "xterm-ghostty" || term == "wezterm"
            || has("KITTY_WINDOW_ID") || has("WEZTERM_PANE") || has("GHOSTTY_RESOURCES_DIR") || has("ITERM_SESSION_ID") {
            return .osc9
        }
        if ["kitty", "wezterm", "ghostty", "iterm2"].contains(where: { name.hasPrefix($0) }) { return .osc9 }
        return nil
    }
}
