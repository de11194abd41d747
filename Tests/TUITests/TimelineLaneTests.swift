import Foundation
import SystemSupport
import TestSupport
import Testing
@testable import TUI

/// What a lane holds and what the view shows of it (issue 30): an event that ends on the range's
/// first instant is not on it (it drew the whole lane), a day of 100,000 events draws exactly the
/// columns its events hold and the event under the cursor agrees with the drawing, an event that
/// began before the range is drawn from its first column and counted in its first bucket, the
/// count row's label keeps a space before the counts, and lane labels show control characters
/// escaped.
@Suite struct TimelineLaneTests {
    static let utc = TimelineLayoutTests.utc
    static let midnight = TimelineLayoutTests.midnight
    static func at(_ hours: Double) -> Date { midnight.addingTimeInterval(hours * 3600) }

    @Test func anEventEndingOnTheRangesFirstInstantIsNotOnTheLane() {
        // Yesterday 23:58:30 to 00:00:00 on the last lane: it does not reach into the day.
        let item = TimelineItem(id: "e", camera: "Garage", start: Self.at(-0.025), end: Self.midnight, reviewed: false)
        let layout = TimelineLayout(items: [item], cameras: ["Backyard", "Garage"], start: Self.midnight, zoom: .day,
                                    columns: 96, now: Self.at(20), calendar: Self.utc)
        #expect(TimelineLayoutTests.text(layout.lanes[1]) == String(repeating: ".", count: 96))
        #expect(layout.counts.map(\.count).reduce(0, +) == 0)
        #expect(TimelineLayout.item(at: Self.at(12), camera: "Garage", in: [item], now: Self.at(20)) == nil)
        #expect(TimelineLayout.item(at: Self.midnight, camera: "Garage", in: [item], now: Self.at(20)) == nil,
                "its end is not held: the status line agrees with the empty column")
    }

    /// The demo's generator, as `demo-server --events 100000 --days 1` runs it: whole-second
    /// starts over a day ending two hours before now, 8 to 180 s long, four cameras. Seeded, and
    /// with at least one event ending on midnight (as 3 of 4 runs of the fault matrix had).
    static func busyDay(count: Int = 100_000, seed: UInt64 = 20261122) -> (items: [TimelineItem], cameras: [String]) {
        let cameras = ["Backyard", "Driveway", "Front Door", "Garage"]
        var rng = SplitMix64(seed: seed)
        let newest = Self.at(13).timeIntervalSince1970   // "now" 15:00, the newest two hours before
        let items = (0..<count).map { index in
            let start = (newest - Double(rng.next() % 86_400)).rounded(.down)
            let duration = Double(8 + rng.next() % 173)
            return TimelineItem(id: "gen-\(index)", camera: cameras[Int(rng.next() % 4)],
                                start: Date(timeIntervalSince1970: start),
                                end: Date(timeIntervalSince1970: start + duration), reviewed: rng.next() % 10 == 0)
        }
        return (items, cameras)
    }

    @Test func aDayOfAHundredThousandEventsDrawsWhatTheCursorFinds() async throws {
        // Seconds of work in a debug build: on a thread of its own, not one of the cooperative
        // pool's two, which the runner and demo-backend tests beside it need.
        let problems = try await Tmux.offPool { Self.busyDayProblems() }
        #expect(problems.isEmpty, "\(problems.prefix(10))")
    }

    /// What ``aDayOfAHundredThousandEventsDrawsWhatTheCursorFinds()`` checks, as the problems found.
    static func busyDayProblems() -> [String] {
        var problems: [String] = []
        let (items, cameras) = Self.busyDay()
        guard items.contains(where: { $0.end == Self.midnight }) else { return ["the generated day has no event ending at 00:00"] }
        let now = Self.at(15)
        for columns in [96, 107] {
            let layout = TimelineLayout(items: items, cameras: cameras, start: Self.midnight, zoom: .day, columns: columns,
                                        now: now, calendar: Self.utc)
            let perColumn = 86_400 / Double(columns)
            // Drawn by hand, item by item: a column is an event's when the event holds an instant of it.
            var expected = cameras.map { _ in [Bool](repeating: false, count: columns) }
            var counted = 0
            for item in items {
                guard let lane = cameras.firstIndex(of: item.camera), let end = item.end else { continue }
                let from = max(item.start, Self.midnight), to = min(end, Self.at(24))
                guard from < to || (item.start == end && item.start >= Self.midnight && item.start < Self.at(24)) else { continue }
                counted += 1
                let first = Int(from.timeIntervalSince(Self.midnight) / perColumn)
                let last = max(first, Int((to.timeIntervalSince(Self.midnight) / perColumn).rounded(.up)) - 1)
                for column in first...min(last, columns - 1) { expected[lane][column] = true }
            }
            for (lane, row) in expected.enumerated() {
                let drawn = layout.lanes[lane].cells.map { $0 != .empty }
                if drawn != row { problems.append("\(cameras[lane]) at \(columns) columns: drawn differently") }
                if !drawn.contains(false) { problems.append("\(cameras[lane]) drawn full at \(columns) columns: the day has gaps") }
            }
            if layout.counts.map(\.count).reduce(0, +) != counted { problems.append("counted \(layout.counts.map(\.count).reduce(0, +)), not \(counted)") }
            // The event under the cursor (what the status line names) is on a drawn column, at
            // every column's first instant and middle; an empty column holds none.
            for (lane, camera) in cameras.enumerated() {
                let laneItems = items.filter { $0.camera == camera }
                for column in 0..<columns {
                    for offset in [0, 0.5] {
                        let date = Self.midnight.addingTimeInterval((Double(column) + offset) * perColumn)
                        guard TimelineLayout.item(at: date, camera: camera, in: laneItems, now: now) != nil else { continue }
                        if layout.lanes[lane].cells[column] == .empty { problems.append("\(camera) column \(column): an event there, an empty cell") }
                    }
                }
            }
        }
        return problems
    }

    @Test func anEventRunningIntoTheRangeIsDrawnFromItsStartAndCountedInTheFirstBucket() {
        // Three days of recording until now (15:00), and one from yesterday to 01:30.
        let items = [TimelineItem(id: "long", camera: "Yard", start: Self.at(-72 + 15), end: Self.at(15), reviewed: false),
                     TimelineItem(id: "night", camera: "Gate", start: Self.at(-2), end: Self.at(1.5), reviewed: false),
                     TimelineItem(id: "noon", camera: "Gate", start: Self.at(12), end: Self.at(12.5), reviewed: false)]
        let layout = TimelineLayout(items: items, cameras: ["Yard", "Gate"], start: Self.midnight, zoom: .day, columns: 24,
                                    now: Self.at(15), calendar: Self.utc)
        #expect(TimelineLayoutTests.text(layout.lanes[0]) == String(repeating: "#", count: 15) + String(repeating: ".", count: 9))
        #expect(TimelineLayoutTests.text(layout.lanes[1]) == "##" + String(repeating: ".", count: 10) + "#" + String(repeating: ".", count: 11))
        #expect(layout.counts[0].count == 2, "both events that began before the day count in its first hour")
        #expect(layout.counts[12].count == 1)
        #expect(layout.counts.map(\.count).reduce(0, +) == 3)
        #expect(TimelineLayout.item(at: Self.at(12), camera: "Yard", in: items, now: Self.at(15))?.id == "long")
        // At hour zoom, 14:00–15:00: the long one counts in the first ten minutes.
        let hour = TimelineLayout(items: items, cameras: ["Yard", "Gate"], start: Self.at(14), zoom: .hour, columns: 60,
                                  now: Self.at(15), calendar: Self.utc)
        #expect(hour.counts.map(\.count) == [1, 0, 0, 0, 0, 0])
    }

    @Test func theCursorsCellShowsTheEventTheStatusLineNames() {
        // An hour a column: 00:01–00:03 is in the first column, but not under the cursor at 00:20
        // (nor within a step after it); 01:05–01:30 holds the cursor at 01:10.
        let items = [TimelineItem(id: "early", camera: "A", start: Self.at(1.0 / 60), end: Self.at(3.0 / 60), reviewed: false),
                     TimelineItem(id: "later", camera: "A", start: Self.at(65.0 / 60), end: Self.at(1.5), reviewed: true)]
        func cursorCell(at cursor: Date) -> (Character, TimelineItem?) {
            let timeline = TimelineViewSnapshot(items: TimelineItems(version: 1, items: items), cameras: ["A"], start: Self.midnight,
                                                zoom: .day, cursor: cursor, lane: 0, now: Self.at(23), calendar: Self.utc)
            let grid = GridCanvas(width: 35, height: 8)   // 24 columns of lanes after the 11 of names
            TimelineView(timeline: timeline).draw(on: grid)
            let row = grid.text.split(separator: "\n").map(String.init).first { $0.hasPrefix("A ") } ?? ""
            let column = Int(cursor.timeIntervalSince(Self.midnight) / 3600)
            return (Array(row)[11 + column], TimelineLayout.item(under: cursor, camera: "A", in: items, zoom: .day, now: Self.at(23)))
        }
        let early = cursorCell(at: Self.at(20.0 / 60))
        #expect(early.0 == "│" && early.1 == nil, "the column holds an event, the cursor's moment none")
        let later = cursorCell(at: Self.at(70.0 / 60))
        #expect(later.0 == "░" && later.1?.id == "later")
        let before = cursorCell(at: Self.at(1))   // 01:00: "later" starts within the step (10 min) after
        #expect(before.0 == "░" && before.1?.id == "later")
    }

    /// The count row's label and the counts after it, read off a rendered screen.
    static func countsRow(cameras: [String], zoom: TimelineZoom, columns: Int) -> String {
        var timeline = TimelineViewSnapshot(
            items: TimelineItems(version: 1, items: [TimelineItem(id: "a", camera: cameras[0], start: Self.at(0.1), end: Self.at(0.2), reviewed: false)]),
            cameras: cameras, start: Self.midnight, zoom: zoom, cursor: Self.at(0.5), lane: 0,
            now: Self.at(23), calendar: Self.utc)
        timeline.statusSegments = ["Today 00:30"]
        let grid = GridCanvas(width: columns, height: 20)
        TimelineView(timeline: timeline).draw(on: grid)
        let lines = grid.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return lines.first { $0.hasPrefix("per ") } ?? ""
    }

    @Test(arguments: TimelineZoom.allCases)
    func theCountRowsLabelKeepsASpaceBeforeTheCounts(zoom: TimelineZoom) throws {
        let label = TimelineView.countsLabel(zoom)
        for columns in [40, 80, 120] {
            for cameras in [["A", "B"], ["A"], ["Front Door", "B"]] {
                let row = Self.countsRow(cameras: cameras, zoom: zoom, columns: columns)
                #expect(row.hasPrefix(label + " "), "\(zoom) \(columns) \(cameras): \(row)")
                // The first count (the event at 00:06) sits where the lanes begin, after the name column.
                let nameWidth = TimelineView.nameWidth(cameras: cameras, width: columns)
                #expect(DisplayWidth.of(label) < nameWidth)
                #expect(Array(row)[nameWidth] == "1", "\(zoom) \(columns) \(cameras): \(row)")
            }
        }
    }

    @Test func laneLabelsShowControlCharactersEscaped() throws {
        let camera = "Gar\u{1B}]0;pwned\u{07}age"
        var timeline = TimelineViewSnapshot(items: TimelineItems(version: 1, items: []), cameras: [camera, "Yard"],
                                            start: Self.midnight, zoom: .day, cursor: Self.at(12), lane: 1, now: Self.at(23),
                                            calendar: Self.utc)
        timeline.statusSegments = []
        let grid = GridCanvas(width: 120, height: 12)
        TimelineView(timeline: timeline).draw(on: grid)
        let lines = grid.text.split(separator: "\n").map(String.init)
        let escaped = TerminalText.printable(camera)
        #expect(escaped == "Gar\\u{1B}]0;pwned\\u{7}age")
        #expect(lines.contains { $0.hasPrefix(escaped + " ") }, "\(lines)")
        #expect(TimelineView.nameWidth(cameras: [camera], width: 120) == DisplayWidth.of(escaped) + 2)
    }
}
