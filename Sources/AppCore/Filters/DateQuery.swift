import Foundation

/// A point in time as a person types it, for `events --since/--until` and the TUI's "jump to a
/// date": parsed once, resolved against "now" when used. Local time in the calendar's time zone.
///
/// Accepted: `2026-11-20 14:00` (also `14:00:30`, `T` instead of the space, or the date alone for
/// midnight), `2026-11-20T14:00:00Z` / `+01:00` (an exact instant), `today`, `yesterday` (each
/// optionally with a time: `yesterday 18:00`), a time alone (`14:00`, today), `now`, and a time
/// ago: `-2h`, `-90m`, `-1h30m`, `-3d`, `-1w`, `-45s` (or `2h ago`).
///
/// ```swift
/// let since = try DateQuery("yesterday 18:00")
/// let date = since.resolve(now: .now)                  // 18:00 yesterday, local time
/// try DateQuery("-2h").resolve(now: now)               // now - 7200 s
/// try DateQuery("tomorrow")                            // throws DateQueryError
/// ```
public struct DateQuery: Sendable, Equatable, CustomStringConvertible {
    /// A time of day.
    public struct TimeOfDay: Sendable, Equatable {
        public var hour: Int, minute: Int, second: Int
    }

    /// What was typed, understood.
    public enum Kind: Sendable, Equatable {
        case now
        /// This many seconds before now.
        case ago(TimeInterval)
        /// Today (0) or yesterday (-1), at a time (midnight when nil).
        case relativeDay(Int, TimeOfDay?)
        /// A calendar date at a time (midnight when nil), local time.
        case date(year: Int, month: Int, day: Int, TimeOfDay?)
        /// An exact instant (ISO 8601 with `Z` or an offset).
        case instant(Date)
    }

    public let kind: Kind
    /// The text as typed (trimmed).
    public let text: String

    /// Parses `text`.
    /// - Throws: ``DateQueryError`` naming the text and the accepted forms.
    public init(_ text: String) throws(DateQueryError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let kind = Self.parse(trimmed.lowercased()) else { throw DateQueryError(text: trimmed) }
        self.kind = kind
        self.text = trimmed
    }

    /// The date this means at `now`, in `calendar`'s time zone.
    public func resolve(now: Date, calendar: Calendar = .current) -> Date {
        func at(_ day: Date, _ time: TimeOfDay?) -> Date {
            let start = calendar.startOfDay(for: day)
            guard let time else { return start }
            return calendar.date(bySettingHour: time.hour, minute: time.minute, second: time.second, of: start) ?? start
        }
        switch kind {
        case .now: return now
        case .ago(let seconds): return now.addingTimeInterval(-seconds)
        case .relativeDay(let offset, let time):
            return at(calendar.date(byAdding: .day, value: offset, to: now) ?? now, time)
        case .date(let year, let month, let day, let time):
            let midnight = calendar.date(from: DateComponents(year: year, month: month, day: day)) ?? now
            return at(midnight, time)
        case .instant(let date): return date
        }
    }

    public var description: String { text }
}
