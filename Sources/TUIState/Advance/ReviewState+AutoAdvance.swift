/// Auto-advance (`a`; its rules: ``PendingAdvance``) is the review's setting: kept in
/// ``ReviewState/isAutoAdvance``.
extension ReviewState {
    /// `a`: auto-advance on or off, said on the message line.
    mutating func toggleAutoAdvance(status: inout StatusLine, now: ContinuousClock.Instant) {
        isAutoAdvance.toggle()
        status.show(isAutoAdvance ? "Auto-advance on: an event that plays to its end starts the next" : "Auto-advance off", now: now)
    }
}
