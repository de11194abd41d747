import Foundation

/// What the loop needs to write notifications: the configured method and what it knows of tmux.
public struct NotificationSettings: Sendable, Equatable {
    /// `notify-method` when not `auto`.
    public var preferred: NotificationMethod?
    /// The process's environment (TERM, TERM_PROGRAM, TMUX, …).
    public var environment: [String: String]
    /// Inside tmux, whether its `allow-passthrough` is on, asked in the background at start.
    public var passthrough: TmuxPassthrough

    /// Inside tmux, `allow-passthrough` is on (as far as tmux has answered yet).
    public var tmuxPassthrough: Bool { passthrough.isOn }

    public init(preferred: NotificationMethod?, environment: [String: String], passthrough: TmuxPassthrough) {
        self.preferred = preferred
        self.environment = environment
        self.passthrough = passthrough
    }

    public init(preferred: NotificationMethod?, environment: [String: String], tmuxPassthrough: Bool) {
        self.init(preferred: preferred, environment: environment, passthrough: TmuxPassthrough(isOn: tmuxPassthrough))
    }

    public static func == (lhs: NotificationSettings, rhs: NotificationSettings) -> Bool {
        lhs.preferred == rhs.preferred && lhs.environment == rhs.environment && lhs.tmuxPassthrough == rhs.tmuxPassthrough
    }
}

/// Notifications reach the terminal where the loop writes to it: after an ncurses update (like
/// terminal video), in the foreground only. One queued while the program is in the background
/// (`bg`) is dropped, not written later; while it is stopped (Ctrl-Z) nothing runs.
extension UILoop {
    /// Queues `notice`, written after the next screen update (nothing when
    /// ``notificationSettings`` is nil).
    public func notify(_ notice: TerminalNotice) {
        guard notificationSettings != nil else { return }
        pendingNotices.append(notice)
    }

    /// How notifications go out now: by the settings and what the start-up probe learned of the
    /// terminal (its name).
    public var notificationDelivery: NotificationDelivery? {
        notificationSettings.map {
            NotificationDelivery.choose(preferred: $0.preferred, environment: $0.environment,
                                        terminalName: decidedGraphics.name, tmuxPassthrough: $0.tmuxPassthrough)
        }
    }

    /// Called by ``render(_:)`` after the update; `inForeground` false drops what is queued.
    func writeNotifications(inForeground: Bool) {
        guard !pendingNotices.isEmpty else { return }
        let notices = pendingNotices
        pendingNotices = []
        guard inForeground, let delivery = notificationDelivery else { return }
        var bytes: [UInt8] = []
        var bells = 0
        for notice in notices {
            if delivery.method == .bell {
                bells += 1
                if bells > 1 { continue }   // one bell for a burst
            }
            bytes += delivery.bytes(notice)
        }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { write(1, $0.baseAddress! + written, $0.count - written) }
            if n > 0 { written += n } else if n < 0, errno == EINTR { continue } else { break }
        }
    }
}
