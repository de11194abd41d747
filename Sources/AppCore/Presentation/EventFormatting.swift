import EventsAPI
import PlaybackStates
import Player
import Foundation

/// How events read on screen: local start time ("Today 14:02", "Yesterday 09:15", "Mon 3 Nov 18:40",
/// "2025-11-03 18:40"), durations ("0:42", "1:02:05"), live/ended.
///
/// ```swift
/// EventFormatting.start(event.startTime, now: .now)   // "Today 14:02"
/// DurationText.clock(125)                          // "2:05"
/// ```
public enum EventFormatting {
    /// The start time, relative to `now` in `calendar`'s time zone.
    public static func start(_ date: Date, now: Date, calendar: Calendar = .current) -> String {
        let time = two(calendar.component(.hour, from: date)) + ":" + two(calendar.component(.minute, from: date))
        if calendar.isDate(date, inSameDayAs: now) { return "Today \(time)" }
        if let yesterday = calendar.date(byAdding: .day, value: -1, to: now), calendar.isDate(date, inSameDayAs: yesterday) {
            return "Yesterday \(time)"
        }
        let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
        let days = calendar.dateComponents([.day], from: date, to: now).day ?? 0
        if days >= 0, days < 7 {
            let weekday = calendar.shortWeekdaySymbols[(parts.weekday ?? 1) - 1]
            let month = calendar.shortMonthSymbols[(parts.month ?? 1) - 1]
            return "\(weekday) \(parts.day ?? 0) \(month) \(time)"
        }
        return "\(parts.year ?? 0)-\(two(parts.month ?? 0))-\(two(parts.day ?? 0)) \(time)"
    }

    /// The duration column: the clock, or "live" / "—" for events without an end.
    public static func duration(_ event: Event, now: Date) -> String {
        if let duration = event.duration { return DurationText.clock(duration) }
        return event.isLive(at: now) ? "live" : "—"
    }

    /// "live" or "ended".
    public static func state(_ event: Event, now: Date) -> String {
        event.isLive(at: now) ? "live" : "ended"
    }

    private static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
