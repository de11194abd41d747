/// `notify` in config.toml: which new events the TUI announces through the terminal while it
/// follows the server (docs/tui.md, Notifications).
public enum NotifyLevel: String, ConfigChoice {
    /// Frigate's alerts, ZoneMinder's events scored at or above `notify-score`, every new event of
    /// the events service (the default).
    case alerts
    /// Every new event.
    case all
    /// None.
    case none
}

/// `notify-method` in config.toml: how a notification reaches the person. `auto` chooses by what
/// the terminal is; the others force one (inside tmux still wrapped in its passthrough, or a bell
/// when tmux passes nothing through).
public enum NotifyMethodChoice: String, ConfigChoice {
    case auto
    /// `ESC ] 9 ; text ST` (iTerm2, WezTerm, ghostty, kitty).
    case osc9
    /// `ESC ] 777 ; notify ; title ; body ST` (foot, WezTerm, ghostty, urxvt's extension).
    case osc777
    /// The terminal's bell (BEL).
    case bell
}

/// The ZoneMinder score (an event's `MaxScore`) from which a new event is an alert when the
/// config names no `notify-score`.
public let defaultNotifyScore = 50
