import AppCore
import Foundation
import Testing

/// The events a montage asks for: around its moment when it opens, and again around the clock's
/// moment once it nears either end of what was fetched.
@Suite struct MontageEventSpanTests {
    static let moment = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func theEventsAroundTheMomentAreAskedFor() {
        let span = MontageEventSpan(around: Self.moment)
        // An hour after; an hour before, and the look-behind for an event still running then.
        #expect(span.filter.since == Self.moment.addingTimeInterval(-TimelineWindows.lookBehind - 3600))
        #expect(span.filter.until == Self.moment.addingTimeInterval(3600))
    }

    @Test(arguments: [0.0, 2999, -2999])
    func noMoreWhileTheClockHasRoom(offset: TimeInterval) {
        #expect(MontageEventSpan(around: Self.moment).next(at: Self.moment.addingTimeInterval(offset)) == nil)
    }

    @Test(arguments: [3001.0, -3001, 86_400, -86_400])
    func theSpanAroundTheClockNearAnEndOrPastIt(offset: TimeInterval) {
        let wall = Self.moment.addingTimeInterval(offset)
        let next = MontageEventSpan(around: Self.moment).next(at: wall)
        #expect(next == MontageEventSpan(around: wall))
        #expect(next?.next(at: wall) == nil, "the new span covers the clock")
    }
}
