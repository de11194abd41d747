import AppCore
import Foundation
import Testing

@Suite("DateQuery: dates as people type them")
struct DateQueryTests {
    var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }
    /// Monday 2026-11-23 10:30:00 in Berlin (09:30 UTC).
    let now = Date(timeIntervalSince1970: 1_795_426_200)

    func local(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ min: Int = 0, _ s: Int = 0) -> Date {
        calendar.date(from: DateComponents(year: y, month: m, day: d, hour: h, minute: min, second: s))!
    }

    func resolve(_ text: String) throws -> Date {
        try DateQuery(text).resolve(now: now, calendar: calendar)
    }

    @Test func theNowUsedIsTheOneExpected() {
        #expect(now == local(2026, 11, 23, 10, 30))
    }

    @Test func calendarDatesWithAndWithoutTime() throws {
        #expect(try resolve("2026-11-20 14:00") == local(2026, 11, 20, 14))
        #expect(try resolve("2026-11-20 14:00:30") == local(2026, 11, 20, 14, 0, 30))
        #expect(try resolve("2026-11-20T14:00") == local(2026, 11, 20, 14))
        #expect(try resolve("2026-11-20") == local(2026, 11, 20))
        #expect(try resolve("  2026-1-2 7:05 ") == local(2026, 1, 2, 7, 5))
    }

    @Test func relativeDaysAndTimes() throws {
        #expect(try resolve("yesterday 18:00") == local(2026, 11, 22, 18))
        #expect(try resolve("Yesterday") == local(2026, 11, 22))
        #expect(try resolve("today") == local(2026, 11, 23))
        #expect(try resolve("today 08:15") == local(2026, 11, 23, 8, 15))
        #expect(try resolve("14:00") == local(2026, 11, 23, 14))
        #expect(try resolve("now") == now)
    }

    @Test func timesAgo() throws {
        #expect(try resolve("-2h") == now.addingTimeInterval(-7200))
        #expect(try resolve("-1h30m") == now.addingTimeInterval(-5400))
        #expect(try resolve("-90m") == now.addingTimeInterval(-5400))
        #expect(try resolve("-3d") == now.addingTimeInterval(-3 * 86_400))
        #expect(try resolve("-1w") == now.addingTimeInterval(-604_800))
        #expect(try resolve("-45s") == now.addingTimeInterval(-45))
        #expect(try resolve("2h ago") == now.addingTimeInterval(-7200))
    }

    @Test func exactInstants() throws {
        #expect(try resolve("2026-11-20T14:00:00Z") == Date(timeIntervalSince1970: 1_795_183_200))
        #expect(try resolve("2026-11-20T15:00:00+01:00") == Date(timeIntervalSince1970: 1_795_183_200))
    }

    @Test("unreadable text", arguments: [
        "", "tomorrow", "next friday", "2026-13-01", "2026-02-30", "2026-11-20 25:00", "2026-11-20 14:60", "-2", "-", "-2x",
        "14", "yesterday at 6", "2026/11/20", "1h", "2026-11-20 14:00 extra",
    ])
    func unreadableTextIsAnErrorThatShowsTheForms(text: String) {
        #expect(throws: DateQueryError.self) { try DateQuery(text) }
    }

    @Test func theErrorNamesTheTextAndTheForms() {
        let error = #expect(throws: DateQueryError.self) { try DateQuery(" next friday ") }
        #expect(error?.description == "cannot read \"next friday\" as a date: use 2026-11-20 14:00, yesterday 18:00, 14:00, or -2h")
    }

    @Test func leapDays() throws {
        #expect(try resolve("2028-02-29") == local(2028, 2, 29))
        #expect(throws: DateQueryError.self) { try DateQuery("2026-02-29") }
    }
}
