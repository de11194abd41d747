/// When to ask the server what changed while following (the TUI's list, `events --follow`): a
/// pure state machine. One request at a time (never two in flight); after a success the next
/// one an ``interval`` later; after a failure a back-off that doubles up to ``maxBackoff``, with
/// one ``Notice`` when the server starts failing and one when it answers again (not one a poll).
///
/// ```swift
/// var schedule = FollowSchedule(interval: .seconds(10))
/// schedule.arm(now: now)                       // the first poll an interval from now
/// if schedule.pollIfDue(now: later) { send() } // true once: the poll is in flight
/// let notice = schedule.failed(now: later)     // .failing(retryIn: 20 s) the first time
/// ```
public struct FollowSchedule: Sendable, Equatable {
    /// What the front end says once (the status bar, standard error).
    public enum Notice: Sendable, Equatable {
        /// The first failure of a run of them; the next try is in `retryIn`.
        case failing(retryIn: Duration)
        /// The server answered again after failing.
        case resumed
    }

    /// Time between two polls while the server answers.
    public let interval: Duration
    /// The longest wait after failures (at least ``interval``).
    public let maxBackoff: Duration
    /// Following is on (the `F` key, `follow`).
    public private(set) var isOn: Bool
    /// A poll was sent and has not come back.
    public private(set) var isInFlight = false
    /// Failures in a row.
    public private(set) var failures = 0
    /// When the next poll is due; nil until ``arm(now:)``.
    public private(set) var nextPoll: ContinuousClock.Instant?

    /// The back-off cap used when none is given: two minutes, or the interval when longer.
    public static let defaultMaxBackoff: Duration = .seconds(120)

    public init(interval: Duration, isOn: Bool = true, maxBackoff: Duration = Self.defaultMaxBackoff) {
        self.interval = max(interval, .seconds(1))
        self.maxBackoff = max(maxBackoff, self.interval)
        self.isOn = isOn
    }

    /// Sets the first poll an interval from `now` (once; later calls change nothing).
    public mutating func arm(now: ContinuousClock.Instant) {
        if nextPoll == nil { nextPoll = now + interval }
    }

    /// When the front end must look again (``pollIfDue(now:)``): nil while off or in flight.
    public var nextDeadline: ContinuousClock.Instant? {
        isOn && !isInFlight ? nextPoll : nil
    }

    /// True when a poll is due now: it is then in flight until ``succeeded(now:)`` or
    /// ``failed(now:)``, and this answers false meanwhile.
    public mutating func pollIfDue(now: ContinuousClock.Instant) -> Bool {
        guard isOn, !isInFlight, let nextPoll, nextPoll <= now else { return false }
        isInFlight = true
        return true
    }

    /// The poll came back: the next one an interval later. ``Notice/resumed`` after failures.
    public mutating func succeeded(now: ContinuousClock.Instant) -> Notice? {
        isInFlight = false
        nextPoll = now + interval
        defer { failures = 0 }
        return failures > 0 ? .resumed : nil
    }

    /// The poll failed: the next try after the back-off (twice the last wait, at most
    /// ``maxBackoff``). ``Notice/failing(retryIn:)`` for the first failure of a run only.
    public mutating func failed(now: ContinuousClock.Instant) -> Notice? {
        isInFlight = false
        failures += 1
        let wait = backoff
        nextPoll = now + wait
        return failures == 1 ? .failing(retryIn: wait) : nil
    }

    /// The wait after the current run of failures: interval × 2^failures, capped.
    public var backoff: Duration {
        var wait = interval
        for _ in 0..<min(failures, 30) where wait < maxBackoff { wait *= 2 }
        return min(wait, maxBackoff)
    }

    /// Turns following on (a poll at once, the failures forgotten) or off. A poll in flight stays
    /// in flight: none is sent before it comes back.
    public mutating func setOn(_ on: Bool, now: ContinuousClock.Instant) {
        isOn = on
        if on {
            failures = 0
            nextPoll = now
        }
    }

}
