import AppCore
import EventsAPI
import Foundation
import SystemSupport
import TestSupport
import Testing
import TUI
@testable import TUIState

/// The timeline against a server that selects events by their start, as the events service's
/// `since`/`until` do (Resources/openapi.yaml): an event that began days before the range shown
/// and runs into it is fetched by the reach-back, drawn from the range's first column and counted
/// in its first hour, while the reach-back's short events are not kept; and a day of 100,000
/// events never draws a lane where the status line finds no event (issue 30).
@Suite("AppState: timeline reach-back and a busy day")
struct TimelineReachBackTests {
    static let calendar = Calendar.current

    static func event(_ id: String, camera: String, start: Date, end: Date?, title: String? = nil) -> Event {
        Event(id: id, cameraName: camera, title: title, startTime: start, endTime: end, bucket: "30-days",
              videoUrl: URL(string: "http://127.0.0.1:1/media/30-days/\(id)/index.m3u8")!)
    }

    /// Answers every window `effects` ask for as the events service does: the events whose
    /// `startTime` is at or after the window's start and before its end, in pages of 500, the
    /// last page naming the window.
    static func serve(_ effects: [AppEffect], from server: [Event], to state: inout AppState) {
        for effect in effects {
            guard case .fetchTimelineWindow(let window, let generation) = effect else { continue }
            let selected = server.filter { $0.startTime >= window.lowerBound && $0.startTime < window.upperBound }
            var pages = stride(from: 0, to: selected.count, by: 500).map { Array(selected[$0..<min($0 + 500, selected.count)]) }
            let last = pages.popLast() ?? []
            for page in pages { _ = state.reduce(.timelineLoaded(page, window: nil, generation: generation), now: .now) }
            _ = state.reduce(.timelineLoaded(last, window: window, generation: generation), now: .now)
        }
    }

    /// The lanes as the view lays them out from the screen's snapshot.
    static func layout(_ snapshot: TimelineViewSnapshot, columns: Int = 96) -> TimelineLayout {
        TimelineLayout(items: snapshot.items.items, cameras: snapshot.cameras, start: snapshot.start, zoom: snapshot.zoom,
                       columns: columns, now: snapshot.now, calendar: snapshot.calendar, cursor: snapshot.cursor)
    }

    @Test func anEventThatBeganDaysBeforeTheRangeIsDrawnAndCounted() throws {
        var state = Fixtures.listState()
        let cursor = Fixtures.base
        let day = Self.calendar.startOfDay(for: cursor)
        // Three days of recording until a minute after the cursor, and a week of short events
        // before the day every ten minutes (they do not reach it: not kept).
        let long = Self.event("rec-3d", camera: "Garage", start: cursor.addingTimeInterval(-3 * 86400),
                              end: cursor.addingTimeInterval(60), title: "Recording")
        let week = (1...1000).map { (index: Int) -> Event in
            let start = day.addingTimeInterval(-7200 - Double(index) * 600)
            return Self.event("short-\(index)", camera: "Garage", start: start, end: start.addingTimeInterval(30))
        }
        let server = [long] + week + (0..<30).map { Fixtures.event($0) }
        let effects = state.reduce(.action(.toggleTimeline), now: .now)
        let windows = TimelineReducerTests.windows(effects)
        #expect(windows.contains { $0.contains(long.startTime) }, "the reach-back asks for the week before the day: \(windows)")
        Self.serve(effects, from: server, to: &state)

        let timeline = try #require(state.timeline)
        #expect(timeline.loading.isEmpty)
        #expect(timeline.events["rec-3d"] != nil)
        let kept = timeline.events.keys.filter { $0.hasPrefix("short-") }.count
        #expect(kept < 200, "short events of the reach-back that reach no fetched window are not kept (\(kept) of 1000)")

        let garageLane = try #require(state.timelineCameras.firstIndex(of: "Garage"))
        state.timeline?.lane = garageLane
        let snapshot = try #require(state.screen(now: cursor).timelineView)
        let layout = Self.layout(snapshot)
        let garage = try #require(layout.lanes.first { $0.camera == "Garage" })
        let cursorColumn = try #require(layout.column(of: cursor))
        #expect(garage.cells[0...cursorColumn].allSatisfy { $0 != .empty }, "drawn from 00:00 to the cursor")
        #expect(layout.counts[0].count >= 1, "counted in the day's first hour")
        #expect(snapshot.statusSegments.contains { $0.hasPrefix("Garage · Recording · ") }, "\(snapshot.statusSegments)")

        // A step back into the day before: its reach-back asks for one more day only.
        let effectsBack = state.reduce(.action(.timelinePage(-1)), now: .now)
        let stretch = TimelineReducerTests.windows(effectsBack).map { $0.upperBound.timeIntervalSince($0.lowerBound) }.reduce(0, +)
        #expect(stretch <= 2 * 86400 + 3600, "the day before the neighbour and its reach-back's new day: \(stretch / 3600) h")
    }

    /// A day of 100,000 events, as `demo-server --events 100000 --days 1` makes them, plus one on
    /// the last lane ending at 00:00 (3 of 4 runs had one), through the reducer in pages of 500.
    @Test func aDayOfAHundredThousandEventsNeverDrawsWhatTheStatusLineDoesNotFind() async throws {
        // Seconds of work in a debug build: on a thread of its own, not one of the cooperative
        // pool's two, which the runner and demo-backend tests beside it need.
        let problems = try await Tmux.offPool { Self.busyDayProblems() }
        #expect(problems.isEmpty, "\(problems.prefix(10))")
    }

    /// What ``aDayOfAHundredThousandEventsNeverDrawsWhatTheStatusLineDoesNotFind()`` checks, as the
    /// problems found.
    static func busyDayProblems() -> [String] {
        var problems: [String] = []
        var state = Fixtures.listState()
        let effects = state.reduce(.action(.toggleTimeline), now: .now)
        guard let day = state.timeline?.range else { return ["no timeline"] }
        let cameras = ["Backyard", "Driveway", "Front Door", "Garage"]
        var rng = SplitMix64(seed: 20261122)
        let newest = day.lowerBound.addingTimeInterval(13 * 3600).timeIntervalSince1970
        var server = (0..<100_000).map { index in
            let start = (newest - Double(rng.next() % 86_400)).rounded(.down)
            let end = start + Double(8 + rng.next() % 173)
            return Self.event("gen-\(index)", camera: cameras[Int(rng.next() % 4)], start: Date(timeIntervalSince1970: start),
                              end: Date(timeIntervalSince1970: end))
        }
        server.append(Self.event("midnight", camera: "Garage", start: day.lowerBound.addingTimeInterval(-90), end: day.lowerBound))
        Self.serve(effects, from: server, to: &state)

        // The cursor over the day in steps on the last lane: the status line names the event the
        // cursor's cell shows, and says "no event here" exactly where the cell shows none.
        if state.timelineCameras.last != "Garage" { problems.append("the last lane is \(String(describing: state.timelineCameras.last))") }
        let lastLane = state.timelineCameras.count - 1
        state.timeline?.lane = lastLane
        state.timeline?.moveCursor(to: day.lowerBound, calendar: Self.calendar)
        var checked = 0
        let now = day.lowerBound.addingTimeInterval(15 * 3600)
        for _ in 0..<144 {
            guard let snapshot = state.screen(now: now).timelineView else { return problems + ["no timeline view"] }
            if snapshot.start != day.lowerBound { problems.append("the view starts at \(snapshot.start)") }
            let layout = Self.layout(snapshot)
            guard let lane = layout.lanes.last else { return problems + ["no lanes"] }
            if lane.camera != "Garage" { problems.append("the last lane is \(lane.camera)") }
            if !lane.cells.contains(.empty) { problems.append("the last lane is drawn full") }
            if layout.column(of: snapshot.cursor) == nil { problems.append("the cursor \(snapshot.cursor) is on no column") }
            if snapshot.statusSegments.contains(where: { $0.hasSuffix("no event here") }) {
                if let under = lane.underCursor { problems.append("status: no event here; under the cursor: \(under)") }
                checked += 1
            } else {
                guard let under = lane.underCursor else { problems.append("status: \(snapshot.statusSegments); nothing under the cursor"); _ = state.reduce(.action(.timelineStep(1)), now: .now); continue }
                if !snapshot.statusSegments.contains(where: { $0.hasPrefix("Garage · \(under.id) · ") }) { problems.append("\(snapshot.statusSegments)") }
            }
            _ = state.reduce(.action(.timelineStep(1)), now: .now)
        }
        if checked == 0 { problems.append("the afternoon has no events: the status line never said so") }
        return problems
    }
}
