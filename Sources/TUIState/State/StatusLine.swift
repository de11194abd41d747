/// The message line: a transient message that goes at its deadline, and an error that stays until
/// Esc. Every feature writes here; ``AppState/screen(now:calendar:)`` escapes and redacts both.
struct StatusLine: Sendable, Equatable {
    /// How long transient messages stay.
    static let messageLifetime: Duration = .seconds(4)

    var message: TimedMessage?
    /// Stays until Esc.
    var error: String?

    /// Shows `text` for ``messageLifetime`` (or `lifetime`).
    mutating func show(_ text: String, now: ContinuousClock.Instant, lifetime: Duration = messageLifetime) {
        message = TimedMessage(text: text, expires: now + lifetime)
    }

    /// The tick: a message whose time is up goes.
    mutating func expire(now: ContinuousClock.Instant) {
        if let message, message.expires <= now { self.message = nil }
    }
}

/// A transient status line and when it goes away.
struct TimedMessage: Sendable, Equatable {
    var text: String
    var expires: ContinuousClock.Instant
}
