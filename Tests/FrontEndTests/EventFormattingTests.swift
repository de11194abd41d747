import AppCore
import CLIFrontEnd
import EventsAPI
import Foundation
import PlaybackStates
import Testing

@Suite("How events read")
struct EventFormattingTests {
    var calendar: Calendar {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "UTC")!
        c.locale = Locale(identifier: "en_US_POSIX")
        return c
    }
    let now = ISO8601DateFormatter().date(from: "2026-11-22T15:30:00Z")!

    @Test(arguments: [
        ("2026-11-22T14:02:00Z", "Today 14:02"),
        ("2026-11-21T09:15:00Z", "Yesterday 09:15"),
        ("2026-11-18T18:40:00Z", "Wed 18:40"),
        ("2026-10-03T07:05:00Z", "3 Oct 07:05"),
        ("2025-10-03T07:05:00Z", "2025-10-03 07:05"),
    ])
    func startTimes(iso: String, expected: String) {
        let date = ISO8601DateFormatter().date(from: iso)!
        #expect(WallTimeText.start(date, now: now, calendar: calendar) == expected, "the TUI's list writes the same")
    }

    @Test(arguments: [(0.0, "0:00"), (9.9, "0:09"), (125, "2:05"), (3725, "1:02:05"), (-3, "0:00"), (.nan, "0:00")])
    func clocks(seconds: Double, expected: String) {
        #expect(DurationText.clock(seconds) == expected)
    }

    @Test func tableHasAHeaderAndOneRowPerEvent() {
        let events = [
            Event(id: "e1", cameraName: "Front Door", startTime: now.addingTimeInterval(-60), endTime: now.addingTimeInterval(-18),
                  bucket: "30-days", videoUrl: URL(string: "https://h/1.m3u8")!),
            Event(id: "e2", cameraName: "Garage", title: "Parcel", startTime: now.addingTimeInterval(-30), bucket: "7-days",
                  videoUrl: URL(string: "https://h/2.m3u8")!),
        ]
        let lines = EventsListing.table(events, now: now)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("CAMERA"))
        #expect(lines[1].contains("Front Door") && lines[1].contains("0:42") && lines[1].contains("ended"))
        #expect(lines[2].contains("Garage") && lines[2].contains("live") && lines[2].hasSuffix("Parcel"))
        #expect(EventsListing.table([], now: now) == ["no events"])
    }
}
