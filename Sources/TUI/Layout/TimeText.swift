import Foundation

/// Times of day and dates for the list, the timeline and the montage (fixed English words, no
/// locale surprises). Durations and positions are ``DurationText``'s.
///
/// ```swift
/// TimeText.startText(date, now: .now, calendar: .current)  // "Today 14:02", "Yesterday 09:10", "Mon 14:02", "12 Nov 14:02", "12 Nov 2025"
/// ```
public enum TimeText {
    /// Local start time relative to `now`.
    public static func startText(_ date: Date, now: Date, calendar: Calendar) -> String {
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .weekday], from: date)
        let time = "\(two(c.hour ?? 0)):\(two(c.minute ?? 0))"
        let days = localDay(now, calendar) - localDay(date, calendar)
        switch days {
        case 0: return "Today \(time)"
        case 1: return "Yesterday \(time)"
        case 2...6: return "\(weekday(c)) \(time)"
        default:
            let dayMonth = "\(c.day ?? 1) \(month(c))"
            let sameYear = calendar.component(.year, from: now) == c.year
            return sameYear && days > 0 ? "\(dayMonth) \(time)" : "\(dayMonth) \(c.year ?? 0)"
        }
    }

    /// The number of the local day `date` falls on: days since 1970-01-01 in the calendar's time
    /// zone. Two dates' difference is the number of midnights between them, across changes of
    /// daylight saving time, without the calendar's day arithmetic (two `startOfDay` and a
    /// component difference a row took 1.5 ms for a first page's 40 rows; this, 0.01 ms).
    static func localDay(_ date: Date, _ calendar: Calendar) -> Int {
        let local = date.timeIntervalSince1970 + Double(calendar.timeZone.secondsFromGMT(for: date))
        return Int((local / 86_400).rounded(.down))
    }

    /// The local time of day: "14:05", or "14:05:09" with `seconds`.
    public static func timeOfDay(_ date: Date, calendar: Calendar, seconds: Bool = false) -> String {
        let c = calendar.dateComponents([.hour, .minute, .second], from: date)
        let time = "\(two(c.hour ?? 0)):\(two(c.minute ?? 0))"
        return seconds ? time + ":" + two(c.second ?? 0) : time
    }

    /// The weekday of `c` as a fixed English name ("Wed"), for every date the TUI writes.
    static func weekday(_ c: DateComponents) -> String { weekdays[((c.weekday ?? 1) - 1) % 7] }
    /// The month of `c` as a fixed English name ("Nov").
    static func month(_ c: DateComponents) -> String { months[((c.month ?? 1) - 1) % 12] }

    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Two digits: 7 → "07".
    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
