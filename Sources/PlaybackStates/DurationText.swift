/// The one way a length of time or a position is written (the list's durations, the slider, the
/// player's messages, export progress, `play`'s lines): `m:ss`, or `h:mm:ss` from an hour on.
/// Capped: a duration from a hostile playlist (EXTINF values adding up past `Int.max`, NaN,
/// infinity) or mpv's report of it shows as a long clock instead of trapping in `Int(_:)`.
///
/// ```swift
/// DurationText.clock(65)            // "1:05"
/// DurationText.clock(3725)          // "1:02:05"
/// DurationText.clock(.nan)          // "0:00"
/// DurationText.preciseClock(12.4)   // "0:12.40"
/// ```
public enum DurationText {
    /// The largest number of seconds shown (about 31 million years).
    public static let cap = 1e15

    /// Whole seconds (rounded down) in `0...cap`; negative, NaN and infinite values read as 0 (the
    /// upper cap as `cap`).
    public static func wholeSeconds(_ seconds: Double) -> Int {
        seconds.isFinite ? Int(min(max(seconds, 0), cap).rounded(.down)) : 0
    }

    /// `m:ss`, or `h:mm:ss` from one hour.
    public static func clock(_ seconds: Double) -> String {
        let total = wholeSeconds(seconds)
        let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
        return h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(m):\(two(s))"
    }

    /// ``clock(_:)`` with hundredths, for positions after a frame step: `preciseClock(12.4) == "0:12.40"`.
    public static func preciseClock(_ seconds: Double) -> String {
        let hundredths = seconds.isFinite ? Int((min(max(seconds, 0), cap) * 100).rounded()) : 0
        return clock(Double(hundredths / 100)) + "." + two(hundredths % 100)
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
