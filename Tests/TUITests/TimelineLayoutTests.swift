import Foundation
import Testing
@testable import TUI

/// The timeline's layout from known events (UTC, so the labels are fixed): lanes, blocks at their
/// real start and length, reviewed and live ones, counts per bucket, labels at each zoom.
@Suite struct TimelineLayoutTests {
    static var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    /// 2026-11-24 00:00 UTC, a Tuesday.
    static let midnight = Date(timeIntervalSince1970: 1_795_478_400)

    static func at(_ hours: Double) -> Date { midnight.addingTimeInterval(hours * 3600) }

    static func item(_ id: String, _ camera: String, _ from: Double, _ to: Double?, reviewed: Bool = false) -> TimelineItem {
        TimelineItem(id: id, camera: camera, start: at(from), end: to.map(at), reviewed: reviewed)
    }

    /// A lane as text: `.` empty, `-` recorded, `r` reviewed, `#` event, `L` live.
    static func text(_ lane: TimelineLayout.Lane) -> String {
        String(lane.cells.map { cell -> Character in
            switch cell {
            case .empty: "."
            case .recorded: "-"
            case .reviewed: "r"
            case .event: "#"
            case .live: "L"
            }
        })
    }

    @Test func recordedTimeIsDrawnUnderTheEvents() {
        // A 24-column day: recordings from 02:00 to 10:00 with an event from 04:00 to 06:00.
        let layout = TimelineLayout(items: [Self.item("e", "Yard", 4, 6)], cameras: ["Yard", "Gate"], start: Self.midnight,
                                    zoom: .day, columns: 24, now: Self.at(24), calendar: Self.utc,
                                    coverage: ["Yard": [Self.at(2)..<Self.at(10)]])
        #expect(Self.text(layout.lanes[0]) == "..--##----..............")
        #expect(Self.text(layout.lanes[1]) == String(repeating: ".", count: 24), "a camera without coverage")
    }

    @Test func aDayIsLaidOutInLanesWithBlocksCountsAndLabels() {
        let items = [
            Self.item("a", "Backyard", 1, 1.5),                  // 01:00–01:30: columns 4 and 5 of 96
            Self.item("b", "Backyard", 6, 7, reviewed: true),     // 06:00–07:00: 24…27, reviewed
            Self.item("c", "Front Door", 6.5, 6.6),               // short: one column
            Self.item("d", "Front Door", 22, nil),                // live since 22:00, now 23:00
            Self.item("e", "Garage", -2, 0.5),                    // started yesterday: clipped at 0
            Self.item("f", "Backyard", 30, 31),                   // tomorrow: left out
            Self.item("g", "Attic", 2, 3),                        // a camera not shown
        ]
        let layout = TimelineLayout(items: items, cameras: ["Backyard", "Front Door", "Garage"], start: Self.midnight,
                                    zoom: .day, columns: 96, now: Self.at(23), calendar: Self.utc)
        #expect(layout.secondsPerColumn == 900)
        let backyard = Self.text(layout.lanes[0]), front = Self.text(layout.lanes[1]), garage = Self.text(layout.lanes[2])
        #expect(backyard == "...." + "##" + String(repeating: ".", count: 18) + "rrrr" + String(repeating: ".", count: 68))
        #expect(front == String(repeating: ".", count: 26) + "#" + String(repeating: ".", count: 61) + "LLLL" + "....")
        #expect(garage == "##" + String(repeating: ".", count: 94))
        #expect(layout.lanes.map(\.camera) == ["Backyard", "Front Door", "Garage"])
        // Events per hour, each in the hour it starts, the one from yesterday in the first (tomorrow's is not in the day).
        #expect(layout.counts.count == 24)
        #expect(layout.counts[0] == .init(column: 0, count: 1))
        #expect(layout.counts[1] == .init(column: 4, count: 1))
        #expect(layout.counts[6] == .init(column: 24, count: 2))
        #expect(layout.counts[22] == .init(column: 88, count: 1))
        #expect(layout.counts.map(\.count).reduce(0, +) == 5)
        #expect(layout.labels.map(\.text) == ["00:00", "03:00", "06:00", "09:00", "12:00", "15:00", "18:00", "21:00"])
        #expect(layout.labels.map(\.column) == [0, 12, 24, 36, 48, 60, 72, 84])
    }

    @Test func aLiveEventOverAReviewedOneShowsLive() {
        let items = [Self.item("old", "Backyard", 0, 1, reviewed: true), Self.item("now", "Backyard", 0.5, nil)]
        let layout = TimelineLayout(items: items, cameras: ["Backyard"], start: Self.midnight, zoom: .hour, columns: 60,
                                    now: Self.at(0.75), calendar: Self.utc)
        #expect(Self.text(layout.lanes[0]) == String(repeating: "r", count: 30) + String(repeating: "L", count: 15)
            + String(repeating: "r", count: 15))
        #expect(layout.labels.map(\.text) == ["00:00", "00:20", "00:40"], "narrow: every 20 minutes")
    }

    @Test func aWeekIsLabelledByDays() {
        let layout = TimelineLayout(items: [Self.item("a", "Garage", 50, 51)], cameras: ["Garage"], start: Self.midnight,
                                    zoom: .week, columns: 84, now: Self.at(200), calendar: Self.utc)
        #expect(layout.labels.map(\.text) == ["Tue 24", "Wed 25", "Thu 26", "Fri 27", "Sat 28", "Sun 29", "Mon 30"])
        #expect(layout.labels.map(\.column) == [0, 12, 24, 36, 48, 60, 72])
        #expect(layout.counts.count == 7 && layout.counts[2].count == 1)
        #expect(layout.lanes[0].cells[25] == .event, "Thursday 02:00 at 2 hours a column")
    }

    @Test func theEventUnderTheCursorIsTheLatestCoveringIt() {
        let items = [Self.item("a", "Backyard", 1, 3), Self.item("b", "Backyard", 2, 2.5), Self.item("c", "Garage", 2, 4)]
        #expect(TimelineLayout.item(at: Self.at(2.2), camera: "Backyard", in: items, now: Self.at(5))?.id == "b")
        #expect(TimelineLayout.item(at: Self.at(2.7), camera: "Backyard", in: items, now: Self.at(5))?.id == "a")
        #expect(TimelineLayout.item(at: Self.at(3.5), camera: "Backyard", in: items, now: Self.at(5)) == nil)
    }

    /// 100,000 events in a day over 8 cameras: every one is counted and each lane is drawn.
    @Test func aHundredThousandEventsAreLaidOut() {
        let cameras = (1...8).map { "Camera \($0)" }
        let items = (0..<100_000).map { i in
            Self.item("e\(i)", cameras[i % 8], Double(i) * 24 / 100_000, Double(i) * 24 / 100_000 + 0.01)
        }
        let layout = TimelineLayout(items: items, cameras: cameras, start: Self.midnight, zoom: .day, columns: 200,
                                    now: Self.at(24), calendar: Self.utc)
        #expect(layout.counts.map(\.count).reduce(0, +) == 100_000)
        #expect(layout.lanes.allSatisfy { $0.cells.allSatisfy { $0 == .event } })
    }

    /// On the day clocks go back (Berlin, 2026-10-25: 25 hours) the labels still sit where the
    /// wall clock shows them: 03:00 is four hours after midnight there.
    @Test func aDaylightSavingDayLabelsTheWallClock() {
        var berlin = Calendar(identifier: .gregorian)
        berlin.timeZone = TimeZone(identifier: "Europe/Berlin")!
        let midnight = berlin.startOfDay(for: Date(timeIntervalSince1970: 1_792_900_000))   // 2026-10-25
        let layout = TimelineLayout(items: [], cameras: ["Garage"], start: midnight, zoom: .day, columns: 96,
                                    now: midnight, calendar: berlin)
        let labels = TimelineLayout.labels(start: midnight, zoom: .day, columns: 96, calendar: berlin)
        #expect(labels.first?.1 == "00:00")
        let third = labels.dropFirst().first.map { $0.0.timeIntervalSince(midnight) } ?? 0
        #expect(abs(third - 4 * 3600) < 1, "03:00 after the extra hour")
        #expect(labels.map(\.1).prefix(3) == ["00:00", "03:00", "06:00"])
        #expect(layout.labels.count == labels.count)
    }
}
