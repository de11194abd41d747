import Foundation

/// ZoneMinder's times: `2026-11-28 09:46:24`, the server's local time without a zone. The zone is
/// the server's (`GET /api/host/getTimeZone.json`: `{"tz": "Europe/Berlin"}`); eventplayer turns
/// them into instants with it, and writes the filters' bounds back the same way.
///
/// ```swift
/// let time = ZoneMinderTime(zone: TimeZone(identifier: "Europe/Berlin")!)
/// time.date("2026-11-28 09:46:24")    // 08:46:24 UTC
/// time.text(date)                     // "2026-11-28 09:46:24"
/// ```
struct ZoneMinderTime: Sendable {
    let zone: TimeZone

    /// The instant of a server time; nil for anything else (`0000-00-00 00:00:00`, garbage).
    func date(_ text: String) -> Date? {
        let fields = text.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == ":" || $0 == "T" }).compactMap { Int($0) }
        guard fields.count >= 6, fields[0] >= 1970, fields[0] < 10_000, (1...12).contains(fields[1]), (1...31).contains(fields[2]),
              (0...23).contains(fields[3]), (0...59).contains(fields[4]), (0...60).contains(fields[5]) else { return nil }
        var components = DateComponents(year: fields[0], month: fields[1], day: fields[2], hour: fields[3], minute: fields[4], second: fields[5])
        components.timeZone = zone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: components)
    }

    /// `date` as the server writes its times (rounded down to the second).
    func text(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        return "\(c.year ?? 1970)-\(two(c.month))-\(two(c.day)) \(two(c.hour)):\(two(c.minute)):\(two(c.second))"
    }
}
