/// The timeout argument of `poll(2)` for waiting until a deadline: one rounding rule, used by
/// ``Poller`` (the one poll loop). Milliseconds are rounded UP, so a poll never wakes before its
/// deadline (and then spins on a 0 ms timeout until the deadline passes); a deadline already
/// reached is 0 (do not wait); no deadline is -1 (wait for a descriptor only); a far deadline is
/// clamped to `Int32.max`.
///
/// ```swift
/// PollTimeout.until(.now + .microseconds(1500))   // 2
/// PollTimeout.until(nil)                          // -1
/// ```
public enum PollTimeout {
    /// The timeout for waiting `remaining` (nil: no deadline).
    public static func waiting(_ remaining: Duration?) -> Int32 {
        guard let remaining else { return -1 }
        let (seconds, attoseconds) = remaining.components
        let total = Int128(seconds) * 1_000_000_000_000_000_000 + Int128(attoseconds)
        guard total > 0 else { return 0 }
        let perMillisecond: Int128 = 1_000_000_000_000_000
        return Int32(clamping: (total + perMillisecond - 1) / perMillisecond)
    }

    /// The timeout for waiting from `now` until `deadline` (nil: no deadline).
    public static func until(_ deadline: ContinuousClock.Instant?, now: ContinuousClock.Instant = .now) -> Int32 {
        waiting(deadline.map { $0 - now })
    }
}
