import AppCore
import EventsAPI
import Foundation
import Testing
import TUI
@testable import TUIState

/// The list following the server: polls on its schedule, and what they find merged in place,
/// the selection kept on its event, the `/` filter kept, `N new` until Home, an event in
/// progress updated, a deleted one gone while the playing one plays on.
@Suite("AppState: following the server")
struct FollowReducerTests {
    let t0 = ContinuousClock.now

    /// Signed in, following every 10 s, `count` events loaded at `t0`.
    func following(count: Int = 30, next: String? = "c2", events: [Event]? = nil) -> AppState {
        var state = AppState(server: "http://127.0.0.1:8080", isDemo: true, user: "Demo User",
                             follow: ListFollow(isOn: true, interval: .seconds(10)))
        _ = state.start()
        let page = events.map { EventsPage(events: $0, nextCursor: next) } ?? Fixtures.page(0..<count, next: next)
        _ = state.reduce(.pageLoaded(page, generation: state.list.fetchGeneration), now: t0)
        return state
    }

    static func arrival(_ id: String, secondsAfterNewest: Double, camera: String = "Front Door") -> Event {
        var event = Fixtures.event(0, camera: camera, title: "Arrived \(id)")
        event.id = id
        event.startTime = Fixtures.base.addingTimeInterval(secondsAfterNewest)
        event.endTime = event.startTime.addingTimeInterval(5)
        return event
    }

    /// The changes a poll finds: `arrived` plus the first `known` loaded events, complete after the oldest of them.
    static func changes(_ arrived: [Event], known: Range<Int> = 0..<5) -> EventChanges {
        let loaded = known.map { Fixtures.event($0, camera: $0 % 2 == 0 ? "Front Door" : "Driveway") }
        return EventChanges(events: arrived + loaded, completeAfter: loaded.last?.startTime.addingTimeInterval(-1))
    }

    @Test func aPollIsAskedForAnIntervalAfterTheListLoadedAndNeverTwoAtOnce() {
        var state = following()
        #expect(state.reduce(.tick, now: t0 + .seconds(9)).isEmpty)
        #expect(state.nextDeadline == t0 + .seconds(10))
        let effects = state.reduce(.tick, now: t0 + .seconds(10))
        #expect(effects == [.follow(since: Fixtures.base, filter: EventFilter(), inProgress: [], generation: 1)])
        #expect(state.reduce(.tick, now: t0 + .seconds(30)).isEmpty, "the poll in flight comes back first")
        _ = state.reduce(.followed(Self.changes([]), generation: 1), now: t0 + .seconds(31))
        #expect(state.reduce(.tick, now: t0 + .seconds(41)).count == 1)
    }

    @Test func notFollowingPollsNothing() {
        var state = Fixtures.listState()
        #expect(state.reduce(.tick, now: .now + .seconds(3600)).isEmpty)
        #expect(state.screen().header.followText.isEmpty)
    }

    @Test func newEventsGoInTheirPlaceTheSelectionStaysOnItsEventAndHomeGoesToThem() {
        var state = following()
        _ = state.reduce(.action(.select(index: 5)), now: t0)
        #expect(state.selectedEvent?.id == "evt-5")
        #expect(state.screen().header.followText == "following")
        let arrived = [Self.arrival("new-2", secondsAfterNewest: 60), Self.arrival("new-1", secondsAfterNewest: 30)]
        _ = state.reduce(.followed(Self.changes(arrived), generation: 1), now: t0 + .seconds(10))
        #expect(state.list.events.prefix(3).map(\.id) == ["new-2", "new-1", "evt-0"], "newest first")
        #expect(state.list.events.count == 32)
        #expect(state.selectedEvent?.id == "evt-5", "the selection stays on its event")
        #expect(state.screen().list.selectedIndex == 7)
        #expect(state.screen().header.followText == "following · 2 new")
        _ = state.reduce(.action(.select(index: 0)), now: t0 + .seconds(11))   // Home
        #expect(state.selectedEvent?.id == "new-2")
        #expect(state.screen().header.followText == "following")
    }

    @Test func theFilterStaysAndOnlyTheEventsItShowsCountAsNew() {
        var state = following()
        _ = state.reduce(.action(.startFilter), now: t0)
        _ = state.reduce(.action(.insertText("Driveway")), now: t0)
        _ = state.reduce(.action(.submit), now: t0)
        _ = state.reduce(.action(.select(index: 2)), now: t0)
        let selected = state.selectedEvent?.id
        let arrived = [Self.arrival("new-door", secondsAfterNewest: 60), Self.arrival("new-drive", secondsAfterNewest: 30, camera: "Driveway")]
        _ = state.reduce(.followed(Self.changes(arrived), generation: 1), now: t0 + .seconds(10))
        let rows = state.screen().list.rows
        #expect(state.list.filterText == "Driveway")
        #expect(rows.allSatisfy { $0.camera == "Driveway" })
        #expect(rows.first?.id == "new-drive")
        #expect(state.selectedEvent?.id == selected)
        #expect(state.screen().header.followText == "following · 1 new")
    }

    @Test func anEventInProgressIsAskedAboutAndTakesItsEnd() {
        var live = Fixtures.event(0)
        live.endTime = nil
        var state = following(events: [live] + (1..<10).map { Fixtures.event($0) })
        let effects = state.reduce(.tick, now: t0 + .seconds(10))
        #expect(effects == [.follow(since: live.startTime, filter: EventFilter(), inProgress: [live], generation: 1)])
        #expect(state.screen().list.rows[0].durationText == "")
        var ended = live
        ended.endTime = live.startTime.addingTimeInterval(95)
        _ = state.reduce(.followed(EventChanges(events: [ended], completeAfter: nil), generation: 1), now: t0 + .seconds(11))
        #expect(state.screen().list.rows[0].durationText == "1:35")
        #expect(state.list.events.count == 10)
    }

    @Test func aDeletedEventLeavesTheListWhileThePlayingOnePlaysOn() {
        var state = Fixtures.playingState()
        state.follow = ListFollow(isOn: true, interval: .seconds(10))
        #expect(state.playback?.event.id == "evt-0")
        _ = state.reduce(.action(.focus(.list)), now: t0)
        _ = state.reduce(.action(.select(index: 3)), now: t0)
        // evt-0 (playing) and evt-2 were deleted on the server; evt-3 stays selected.
        let changes = EventChanges(events: [1, 3, 4].map { Fixtures.event($0, camera: $0 % 2 == 0 ? "Front Door" : "Driveway") },
                                   completeAfter: Fixtures.event(5).startTime, gone: [])
        let effects = state.reduce(.followed(changes, generation: state.list.fetchGeneration), now: t0 + .seconds(10))
        #expect(!state.list.events.contains { $0.id == "evt-0" || $0.id == "evt-2" })
        #expect(state.list.events.count == 28)
        #expect(state.selectedEvent?.id == "evt-3")
        #expect(!effects.contains(.player(.stop)))
        #expect(state.playback?.event.id == "evt-0", "the playing event plays on")
        #expect(state.screen().player?.title.contains("Motion 0") == true)
    }

    @Test func aGoneEventInProgressLeavesAndTheSelectedDeletedOneHandsItsRowOn() {
        var state = following()
        _ = state.reduce(.action(.select(index: 20)), now: t0)
        let changes = EventChanges(events: [], completeAfter: nil, gone: ["evt-20"])
        _ = state.reduce(.followed(changes, generation: 1), now: t0 + .seconds(10))
        #expect(state.selectedEvent?.id == "evt-21")
    }

    @Test func anAnswerForAnEarlierLoadIsDropped() {
        var state = following()
        _ = state.reduce(.tick, now: t0 + .seconds(10))
        _ = state.reduce(.action(.refresh), now: t0 + .seconds(11))
        _ = state.reduce(.pageLoaded(Fixtures.page(0..<30, next: "c2"), generation: 2), now: t0 + .seconds(12))
        _ = state.reduce(.followed(Self.changes([Self.arrival("stale", secondsAfterNewest: 5)]), generation: 1), now: t0 + .seconds(13))
        #expect(!state.list.events.contains { $0.id == "stale" })
        #expect(state.reduce(.tick, now: t0 + .seconds(23)).count == 1, "the schedule goes on")
    }

    @Test func aFailingServerIsSaidOnceAndFollowingResumesByItself() {
        var state = following()
        var now = t0 + .seconds(10)
        var messages: [String] = []
        for _ in 0..<4 {
            #expect(state.reduce(.tick, now: now).count == 1)
            _ = state.reduce(.followFailed(message: "cannot reach the server"), now: now)
            if let text = state.status.message?.text, !messages.contains(text) { messages.append(text) }
            state.status.message = nil
            now = state.nextDeadline ?? now
        }
        #expect(messages.count == 1)
        #expect(messages.first?.contains("cannot reach the server") == true)
        #expect(state.screen().header.followText == "following · no answer")
        #expect(state.reduce(.tick, now: now).count == 1)
        _ = state.reduce(.followed(Self.changes([Self.arrival("back", secondsAfterNewest: 5)]), generation: 1), now: now)
        #expect(state.list.events.first?.id == "back")
        #expect(state.status.message?.text.contains("Following again") == true)
        #expect(state.screen().header.followText.hasPrefix("following") && !state.screen().header.followText.contains("no answer"))
    }

    @Test func fTurnsFollowingOffAndOnAgainWithAPollAtOnce() {
        var state = following()
        _ = state.reduce(.action(.toggleFollow), now: t0 + .seconds(1))
        #expect(state.screen().header.followText.isEmpty)
        #expect(state.reduce(.tick, now: t0 + .seconds(60)).isEmpty)
        let effects = state.reduce(.action(.toggleFollow), now: t0 + .seconds(61))
        #expect(state.screen().header.followText == "following")
        #expect(effects.count == 1, "a poll at once")
        #expect(state.reduce(.tick, now: t0 + .seconds(62)).isEmpty)
    }
}
