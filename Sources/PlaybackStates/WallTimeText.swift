import Foundation

/// The one way a moment on the wall clock is written (``DurationText`` writes lengths of time), in
/// fixed English words (no locale surprises). An event's start (``start(_:now:calendar:)``), in
/// the TUI's list, player title, timeline and filters as in `eventplayer events`: always the local
/// time of day, after a day that reads relative to `now` while it is near. Times of day for the
/// montage's clock and the timeline.
///
/// ```swift
/// WallTimeText.start(date, now: .now, calendar: .current)
/// // "Today 14:02", "Yesterday 09:10", "Mon 14:02" (this week), "12 Nov 14:02" (this year),
/// // "2025-11-12 14:02" (another year, or a start in the future past tomorrow)
/// WallTimeText.timeOfDay(date, calendar: .current, seconds: true)   // "14:02:09"
/// ```
public enum WallTimeText {
    /// The widest start written: `2025-11-12 14:02`.
    public static let startWidth = 16

    /// Local start time relative to `now`.
    public static func start(_ date: Date, now: Date, calendar: Calendar) -> String {
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .weekday], from: date)
        let time = timeOfDay(c)
        let days = localDay(now, calendar) - localDay(date, calendar)
        switch days {
        case 0: return "Today \(time)"
        case 1: return "Yesterday \(time)"
        case 2...6: return "\(weekday(c)) \(time)"
        default:
            if days > 0, calendar.component(.year, from: now) == c.year { return "\(c.day ?? 1) \(month(c)) \(time)" }
            return "\(c.year ?? 0)-\(two(c.month ?? 1))-\(two(c.day ?? 1)) \(time)"
        }
    }

    /// The local time of day: "14:05", or "14:05:09" with `seconds`.
    public static func timeOfDay(_ date: Date, calendar: Calendar, seconds: Bool = false) -> String {
        let c = calendar.dateComponents([.hour, .minute, .second], from: date)
        return seconds ? timeOfDay(c) + ":" + two(c.second ?? 0) : timeOfDay(c)
    }

    /// The number of the local day `date` falls on: days since 1970-01-01 in the calendar's time
    /// zone. Two dates' difference is the number of midnights between them, across changes of
    /// daylight saving time, without the calendar's day arithmetic (two `startOfDay` and a
    /// component difference a row took 1.5 ms for a first page's 40 rows; this, 0.01 ms).
    public static func localDay(_ date: Date, _ calendar: Calendar) -> Int {
        let local = date.timeIntervalSince1970 + Double(calendar.timeZone.secondsFromGMT(for: date))
        return Int((local / 86_400).rounded(.down))
    }

    /// The weekday of `c` as a fixed English name ("Wed").
    public static func weekday(_ c: DateComponents) -> String { weekdays[((c.weekday ?? 1) - 1) % 7] }
    /// The month of `c` as a fixed English name ("Nov").
    public static func month(_ c: DateComponents) -> String { months[((c.month ?? 1) - 1) % 12] }

    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static func timeOfDay(_ c: DateComponents) -> String { "\(two(c.hour ?? 0)):\(two(c.minute ?? 0))" }

    /// Two digits: 7 → "07".
    public static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
