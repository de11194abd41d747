import AppCore
import EventsAPI
import Foundation
import Testing
import TUI
@testable import TUIState

/// New alerts notify: only events a follow poll brought (never the loaded ones), filtered by
/// `notify` (alerts, all, none) and what an alert is on the backend (Frigate's severity,
/// ZoneMinder's score, any event of the events service), with the camera, what and when.
@Suite("AppState: notifications of new alerts")
struct NotifyReducerTests {
    let t0 = ContinuousClock.now
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    func following(_ rule: NotifyRule, loaded: [Event]? = nil) -> AppState {
        var state = AppState(server: "http://127.0.0.1:8080", isDemo: true, user: "Demo User",
                             follow: ListFollow(isOn: true, interval: .seconds(10), notify: rule))
        _ = state.start()
        let page = loaded.map { EventsPage(events: $0, nextCursor: nil) } ?? Fixtures.page(0..<10)
        _ = state.reduce(.pageLoaded(page, generation: state.list.fetchGeneration), now: t0)
        return state
    }

    static func arrival(_ id: String, after seconds: Double, bucket: String = "30-days", score: Int? = nil,
                        camera: String = "Front Door") -> Event {
        var event = FollowReducerTests.arrival(id, secondsAfterNewest: seconds, camera: camera)
        event.bucket = bucket
        event.score = score
        return event
    }

    static func notices(_ effects: [AppEffect]) -> [TerminalNotice] {
        effects.compactMap { if case .notify(let notice) = $0 { notice } else { nil } }
    }

    func poll(_ state: inout AppState, _ arrived: [Event], known: Range<Int> = 0..<5) -> [TerminalNotice] {
        Self.notices(state.reduce(.followed(FollowReducerTests.changes(arrived, known: known), generation: state.list.fetchGeneration),
                                  now: t0 + .seconds(10)))
    }

    @Test func onlyNewEventsNotifyNeverTheOnesLoaded() {
        var state = following(NotifyRule(level: .all, alert: .every))
        #expect(poll(&state, []).isEmpty, "the loaded events come back in the poll and are no news")
        let notices = poll(&state, [Self.arrival("new-1", after: 30)])
        #expect(notices.count == 1)
        #expect(notices.first?.title == "Front Door: Arrived new-1")
        #expect(poll(&state, [Self.arrival("new-1", after: 30)]).isEmpty, "known now: not again")
    }

    @Test func theFirstPageLoadedNotifiesNothing() {
        var state = AppState(server: "http://127.0.0.1:8080", isDemo: true, user: "Demo User",
                             follow: ListFollow(isOn: true, interval: .seconds(10), notify: NotifyRule(level: .all, alert: .every)))
        _ = state.start()
        let effects = state.reduce(.pageLoaded(Fixtures.page(0..<10), generation: state.list.fetchGeneration), now: t0)
        #expect(Self.notices(effects).isEmpty)
    }

    @Test func whenTheFirstPageFailedTheFirstPollIsTheBaselineNotNews() {
        var state = AppState(server: "http://127.0.0.1:8080", isDemo: true, user: "Demo User",
                             follow: ListFollow(isOn: true, interval: .seconds(10), notify: NotifyRule(level: .all, alert: .every)))
        _ = state.start()
        _ = state.reduce(.pageFailed(message: "connection refused", needsSignIn: false, generation: state.list.fetchGeneration), now: t0)
        #expect(state.list.events.isEmpty)
        let first = state.reduce(.followed(EventChanges(events: Fixtures.page(0..<5).events, completeAfter: nil), generation: state.list.fetchGeneration),
                                 now: t0 + .seconds(10))
        #expect(state.list.events.count == 5, "the poll filled the list")
        #expect(Self.notices(first).isEmpty, "what the server had before is no news")
        #expect(poll(&state, [Self.arrival("later", after: 30)]).count == 1, "what comes after is")
    }

    @Test func frigateAlertsNotifyDetectionsDoNot() {
        var state = following(NotifyRule(level: .alerts, backend: .frigate, score: nil))
        let notices = poll(&state, [Self.arrival("a", after: 60, bucket: "alert"), Self.arrival("d", after: 30, bucket: "detection")])
        #expect(notices.map(\.title) == ["Front Door: Arrived a"])
        #expect(notices.first?.body.hasPrefix("alert at ") == true)
    }

    @Test func zoneMinderNotifiesFromTheScore() {
        var state = following(NotifyRule(level: .alerts, backend: .zoneminder, score: 60))
        let notices = poll(&state, [Self.arrival("high", after: 60, bucket: "event", score: 60),
                                    Self.arrival("low", after: 30, bucket: "event", score: 59),
                                    Self.arrival("unscored", after: 20, bucket: "event")])
        #expect(notices.map(\.title) == ["Front Door: Arrived high"])
        #expect(NotifyRule(level: nil, backend: .zoneminder, score: nil).alert == .score(atLeast: 50))
    }

    @Test func theEventsServiceNotifiesEveryNewEventAsAnAlert() {
        var state = following(NotifyRule(level: nil, backend: .events, score: nil))
        #expect(poll(&state, [Self.arrival("x", after: 30)]).count == 1)
    }

    @Test func allNotifiesDetectionsTooAndNoneNothing() {
        var all = following(NotifyRule(level: .all, backend: .frigate, score: nil))
        #expect(poll(&all, [Self.arrival("d", after: 30, bucket: "detection")]).count == 1)
        var none = following(NotifyRule(level: NotifyLevel.none, backend: .frigate, score: nil))
        #expect(poll(&none, [Self.arrival("a", after: 30, bucket: "alert")]).isEmpty)
        var off = following(.none)
        #expect(poll(&off, [Self.arrival("a", after: 30)]).isEmpty, "the default of the state: none")
    }

    @Test func aBurstIsCappedAndTheLastSaysHowManyMore() {
        var state = following(NotifyRule(level: .all, alert: .every))
        let arrived = (1...5).map { Self.arrival("n\($0)", after: Double($0) * 10) }
        let notices = poll(&state, arrived)
        #expect(notices.count == NotifyRule.perPoll)
        #expect(notices.first?.title == "Front Door: Arrived n5", "newest first")
        #expect(notices.last?.body.hasSuffix("(and 2 more)") == true)
    }

    @Test func theTextIsTheCameraWhatAndTime() {
        var event = Self.arrival("e", after: 0, bucket: "alert")
        event.title = nil
        event.labels = ["person", "car"]
        event.startTime = Date(timeIntervalSince1970: 1_763_800_000 + 9)   // 08:26:49 UTC
        let notice = NotifyRule(level: .all, alert: .every).notice(for: event, calendar: Self.utc)
        #expect(notice == TerminalNotice(title: "Front Door: person, car", body: "alert at 08:26:49"))
        event.labels = nil
        #expect(NotifyRule(level: .all, alert: .every).notice(for: event, calendar: Self.utc).title == "Front Door")
    }

    @Test func aPollOfAnEarlierLoadNotifiesNothing() {
        var state = following(NotifyRule(level: .all, alert: .every))
        let effects = state.reduce(.followed(FollowReducerTests.changes([Self.arrival("n", after: 30)]),
                                             generation: state.list.fetchGeneration - 1), now: t0 + .seconds(10))
        #expect(Self.notices(effects).isEmpty)
    }
}
