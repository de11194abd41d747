import Foundation

/// RFC 3339 timestamps as the events API writes them (`2026-11-26T14:34:22Z`,
/// `2026-11-26T14:34:22.250+01:00`), read by hand: a first page's 200 dates took 1.5 ms through
/// `Date.ISO8601FormatStyle` (which also throws once per date without a fraction before the
/// second style reads it), on the way to the TUI's first paint (docs/benchmarks.md).
enum InternetDate {
    /// The date `text` names, or nil when it is not exactly `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`
    /// with a real calendar day from the year 1600 on, hour 0–23, minute and second 0–59 (a leap
    /// second, a lowercase `t`, a year before 1600, which Foundation counts in the Julian
    /// calendar, or another shape: the caller's slower parser decides).
    static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    static func parse(bytes b: UnsafeBufferPointer<UInt8>) -> Date? {
        guard b.count >= 20 else { return nil }
        func digits(_ at: Int, _ count: Int) -> Int? {
            var value = 0
            for i in at..<(at + count) {
                let d = Int(b[i]) - 0x30
                guard (0...9).contains(d) else { return nil }
                value = value * 10 + d
            }
            return value
        }
        guard let year = digits(0, 4), b[4] == 0x2D, let month = digits(5, 2), b[7] == 0x2D,
              let day = digits(8, 2), b[10] == 0x54, let hour = digits(11, 2), b[13] == 0x3A,
              let minute = digits(14, 2), b[16] == 0x3A, let second = digits(17, 2),
              year >= 1600, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
              hour < 24, minute < 60, second < 60 else { return nil }
        var i = 19
        var fraction = 0.0
        if b[i] == 0x2E {
            i += 1
            var scale = 0.1
            let start = i
            while i < b.count, (0x30...0x39).contains(b[i]) {
                fraction += Double(b[i] - 0x30) * scale
                scale /= 10
                i += 1
            }
            guard i > start else { return nil }
        }
        guard i < b.count else { return nil }
        var offset = 0
        switch b[i] {
        case 0x5A:
            i += 1
        case 0x2B, 0x2D:
            guard b.count - i == 6, let hours = digits(i + 1, 2), b[i + 3] == 0x3A, let minutes = digits(i + 4, 2),
                  hours < 24, minutes < 60 else { return nil }
            offset = (hours * 60 + minutes) * 60 * (b[i] == 0x2D ? -1 : 1)
            i += 6
        default:
            return nil
        }
        guard i == b.count else { return nil }
        let seconds = daysSinceEpoch(year: year, month: month, day: day) * 86_400
            + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the proleptic Gregorian date (Howard Hinnant's days_from_civil).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
