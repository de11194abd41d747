import Foundation

extension DateQuery {
    /// `text` is trimmed and lowercased; nil when it is none of the accepted forms.
    static func parse(_ text: String) -> Kind? {
        if text == "now" { return .now }
        if let seconds = ago(text) { return .ago(seconds) }
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        if let first = words.first, words.count <= 2, let offset = ["today": 0, "yesterday": -1][first] {
            if words.count == 1 { return .relativeDay(offset, nil) }
            return time(words[1]).map { .relativeDay(offset, $0) }
        }
        if words.count == 1, let time = time(words[0]) { return .relativeDay(0, time) }
        if let instant = instant(text) { return .instant(instant) }
        let parts = words.count == 1 ? text.split(separator: "t", maxSplits: 1).map(String.init) : words
        guard (1...2).contains(parts.count), let (year, month, day) = date(parts[0]) else { return nil }
        if parts.count == 1 { return .date(year: year, month: month, day: day, nil) }
        return time(parts[1]).map { .date(year: year, month: month, day: day, $0) }
    }

    /// `-2h`, `-1h30m`, `-3d`, `-1w`, `-45s`, or the same without `-` followed by ` ago`.
    static func ago(_ text: String) -> TimeInterval? {
        var body = Substring(text)
        if body.hasPrefix("-") { body = body.dropFirst() } else if body.hasSuffix(" ago") { body = body.dropLast(4) } else { return nil }
        body = Substring(body.replacingOccurrences(of: " ", with: ""))
        let units: [Character: TimeInterval] = ["s": 1, "m": 60, "h": 3600, "d": 86_400, "w": 604_800]
        var total: TimeInterval = 0, number = "", sawUnit = false
        for character in body {
            if character.isASCII, character.isNumber {
                number.append(character)
            } else if let unit = units[character], let value = Int(number), value <= 1_000_000 {
                total += TimeInterval(value) * unit
                number = ""
                sawUnit = true
            } else {
                return nil
            }
        }
        return sawUnit && number.isEmpty ? total : nil
    }

    /// `14:00` or `14:00:30`.
    static func time(_ text: String) -> TimeOfDay? {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(fields.count), fields.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isASCII) }),
              let hour = Int(fields[0]), let minute = Int(fields[1]) else { return nil }
        let second = fields.count == 3 ? Int(fields[2]) : 0
        guard let second, (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
        return TimeOfDay(hour: hour, minute: minute, second: second)
    }

    /// `2026-11-20`, a day that exists.
    static func date(_ text: String) -> (Int, Int, Int)? {
        let fields = text.split(separator: "-", omittingEmptySubsequences: false)
        guard fields.count == 3, fields[0].count == 4, (1...2).contains(fields[1].count), (1...2).contains(fields[2].count),
              let year = Int(fields[0]), let month = Int(fields[1]), let day = Int(fields[2]),
              (1...12).contains(month), day >= 1 else { return nil }
        let days = [31, year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= days[month - 1] ? (year, month, day) : nil
    }

    /// ISO 8601 with a zone: `2026-11-20t14:00:00z`, `2026-11-20t15:00+01:00` (lowercased).
    static func instant(_ text: String) -> Date? {
        let halves = text.split(separator: "t", maxSplits: 1).map(String.init)
        guard halves.count == 2, let (year, month, day) = date(halves[0]) else { return nil }
        var clock = halves[1], offset = 0
        if clock.hasSuffix("z") {
            clock.removeLast()
        } else if let sign = clock.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            let zone = clock[clock.index(after: sign)...].replacingOccurrences(of: ":", with: "")
            guard zone.count == 4, zone.allSatisfy(\.isASCII), let hours = Int(zone.prefix(2)), let minutes = Int(zone.suffix(2)),
                  hours <= 14, minutes < 60 else { return nil }
            offset = (hours * 3600 + minutes * 60) * (clock[sign] == "-" ? -1 : 1)
            clock = String(clock[..<sign])
        } else {
            return nil
        }
        if let dot = clock.firstIndex(of: ".") { clock = String(clock[..<dot]) }   // fractions of a second
        guard let time = time(clock), let zone = TimeZone(secondsFromGMT: offset) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: DateComponents(year: year, month: month, day: day,
                                                  hour: time.hour, minute: time.minute, second: time.second))
    }
}
