import AppCore
import Foundation
import Testing

/// The timeline fetches the visible day, then the days either side, each from an hour earlier,
/// and never a window it has (or is getting) again.
@Suite struct TimelineWindowsTests {
    static let midnight = Date(timeIntervalSince1970: 1_795_478_400)
    static func at(_ hours: Double) -> Date { midnight.addingTimeInterval(hours * 3600) }

    @Test func theVisibleDayComesFirstThenItsNeighboursEachFromAnHourEarlier() {
        var windows = TimelineWindows()
        let day = Self.at(0)..<Self.at(24)
        let missing = windows.missing(visible: day)
        #expect(missing == [Self.at(-1)..<Self.at(24), Self.at(-25)..<Self.at(-1), Self.at(24)..<Self.at(48)])
        for window in missing { windows.started(window) }
        #expect(windows.missing(visible: day).isEmpty, "all on its way")
        // PgDn: the next day is there; the one after it is fetched.
        #expect(windows.missing(visible: Self.at(24)..<Self.at(48)) == [Self.at(48)..<Self.at(72)])
        #expect(windows.covered == [Self.at(-25)..<Self.at(48)])
    }

    @Test func aFailedWindowIsMissingAgain() {
        var windows = TimelineWindows()
        let day = Self.at(0)..<Self.at(24)
        for window in windows.missing(visible: day) { windows.started(window) }
        windows.failed(Self.at(-1)..<Self.at(24))
        #expect(windows.missing(visible: day) == [Self.at(-1)..<Self.at(24)])
        #expect(windows.covered == [Self.at(-25)..<Self.at(-1), Self.at(24)..<Self.at(48)])
    }

    @Test func zoomingInNeedsNothingNew() {
        var windows = TimelineWindows()
        for window in windows.missing(visible: Self.at(0)..<Self.at(24)) { windows.started(window) }
        #expect(windows.missing(visible: Self.at(5)..<Self.at(6)).isEmpty)
        #expect(windows.missing(visible: Self.at(0)..<Self.at(168)).first == Self.at(48)..<Self.at(168), "a week: the rest of it")
    }
}
