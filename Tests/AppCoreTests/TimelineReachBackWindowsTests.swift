import AppCore
import Foundation
import Testing

/// The reach-back: servers select a window's events by their start, so the timeline fetches the
/// week before the range shown (minus what it has) for events still running into it, keeps of
/// those only the events that reach a fetched window or are long, and asks for each stretch once.
@Suite struct TimelineReachBackWindowsTests {
    static let midnight = Date(timeIntervalSince1970: 1_795_478_400)
    static func at(_ hours: Double) -> Date { midnight.addingTimeInterval(hours * 3600) }

    @Test func theWeekBeforeTheRangeIsFetchedOnceBesideItsWindows() {
        var windows = TimelineWindows()
        let day = Self.at(0)..<Self.at(24)
        for window in windows.missing(visible: day) { windows.started(window) }
        // The week before the day, less the day before (a neighbour, fetched in full).
        #expect(windows.missingReachBack(visible: day) == [Self.at(-168)..<Self.at(-25)])
        for window in windows.missingReachBack(visible: day) { windows.startedReachBack(window) }
        #expect(windows.missingReachBack(visible: day).isEmpty)
        #expect(windows.reached == [Self.at(-168)..<Self.at(-25)])
        // PgUp: one more day at the far end.
        let before = Self.at(-24)..<Self.at(0)
        for window in windows.missing(visible: before) { windows.started(window) }
        #expect(windows.missingReachBack(visible: before) == [Self.at(-192)..<Self.at(-168)])
        // A failed reach-back is asked for again.
        windows.failed(Self.at(-100)..<Self.at(-90))
        #expect(windows.missingReachBack(visible: day) == [Self.at(-100)..<Self.at(-90)])
    }

    @Test func shortEventsThatReachNoFetchedWindowAreNotKept() {
        var windows = TimelineWindows()
        windows.started(Self.at(-1)..<Self.at(24))
        #expect(windows.keeps(start: Self.at(3), end: Self.at(3.1)), "in a fetched window")
        #expect(windows.keeps(start: Self.at(-1.5), end: Self.at(-0.9)), "runs into one")
        #expect(windows.keeps(start: Self.at(-0.5), end: Self.at(-0.5)), "a moment in one")
        #expect(!windows.keeps(start: Self.at(-50), end: Self.at(-49.5)), "short, days before")
        #expect(!windows.keeps(start: Self.at(-2), end: Self.at(-1)), "ends where the window begins")
        #expect(windows.keeps(start: Self.at(-72), end: Self.at(-48)),
                "a long one, though it reaches no window yet: a range shown later may need it")
    }
}
