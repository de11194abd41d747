import AppCore
import EventsAPI
import Foundation
import PlaybackStates
import Player
import Testing
import TUI
@testable import TUIState

/// The selected event's still: fetched only after the selection rests, cancelled by
/// moving on or by a playback, never while something plays, and shown in the pane once ready.
@Suite struct StillScheduleTests {
    let t0 = ContinuousClock.now

    @Test func aStillIsAskedForOnlyAfterTheSelectionRests() {
        var schedule = StillSchedule()
        #expect(schedule.want("evt-1", now: t0) == [])
        #expect(schedule.nextDeadline == t0 + StillSchedule.delay)
        #expect(schedule.tick(now: t0 + .milliseconds(100)) == [])
        #expect(schedule.tick(now: t0 + StillSchedule.delay) == [.load("evt-1")])
        #expect(schedule.nextDeadline == nil, "nothing scheduled once asked: an idle program has no deadline")
        #expect(schedule.shown == nil)
        schedule.loaded("evt-1")
        #expect(schedule.shown == "evt-1")
        #expect(schedule.tick(now: t0 + .seconds(10)) == [])
    }

    @Test func movingOnRestartsTheWaitSoScrollingFetchesNothing() {
        var schedule = StillSchedule()
        var now = t0
        for index in 0..<10 {
            _ = schedule.want("evt-\(index)", now: now)
            now += .milliseconds(100)
            #expect(schedule.tick(now: now) == [])
        }
        #expect(schedule.tick(now: now + StillSchedule.delay) == [.load("evt-9")])
    }

    @Test func aNewerSelectionCancelsTheFetchUnderWayAndItsAnswerIsNotShown() {
        var schedule = StillSchedule()
        _ = schedule.want("evt-1", now: t0)
        _ = schedule.tick(now: t0 + StillSchedule.delay)
        #expect(schedule.want("evt-2", now: t0 + .seconds(1)) == [.cancel])
        schedule.loaded("evt-1")
        #expect(schedule.shown == nil)
        #expect(schedule.want(nil, now: t0 + .seconds(2)) == [], "nothing under way: nothing to cancel")
    }

    @Test func aPlaybackStartingCancelsTheFetchAndHidesTheStill() {
        var schedule = StillSchedule()
        _ = schedule.want("evt-1", now: t0)
        _ = schedule.tick(now: t0 + StillSchedule.delay)
        #expect(schedule.want(nil, now: t0 + .seconds(1)) == [.cancel])
        _ = schedule.want("evt-1", now: t0 + .seconds(2))
        _ = schedule.tick(now: t0 + .seconds(3))
        schedule.loaded("evt-1")
        #expect(schedule.shown == "evt-1")
        _ = schedule.want(nil, now: t0 + .seconds(4))
        #expect(schedule.shown == nil)
    }

    @Test func aFailedStillLeavesThePoster() {
        var schedule = StillSchedule()
        _ = schedule.want("evt-1", now: t0)
        _ = schedule.tick(now: t0 + StillSchedule.delay)
        schedule.failed("evt-1")
        #expect(schedule.loading == nil)
        #expect(schedule.shown == nil)
    }
}

@Suite struct StillReducerTests {
    static func terminalState() -> AppState {
        var state = AppState(server: "http://127.0.0.1:8080", isDemo: true, user: "Demo User",
                             videoModeText: "terminal·half", isTerminalVideo: true)
        _ = state.start()
        _ = state.reduce(.pageLoaded(Fixtures.page(0..<30), generation: state.list.fetchGeneration), now: .now)
        return state
    }

    @Test func theSelectedEventsStillIsFetchedAfterTheRestAndShownInThePane() {
        var state = Self.terminalState()
        let now = ContinuousClock.now
        #expect(state.reduce(.action(.select(index: 3)), now: now).filter(\.isStill).isEmpty)
        #expect(state.nextDeadline != nil)
        let effects = state.reduce(.tick, now: now + StillSchedule.delay)
        #expect(effects == [.loadStill(Fixtures.event(3, camera: "Driveway"))])
        #expect(state.screen().player == nil, "the poster until the still is ready")
        _ = state.reduce(.stillReady(eventID: "evt-3"), now: now + .seconds(1))
        let player = state.screen().player
        #expect(player?.showsVideo == true)
        #expect(player?.title == "Driveway · Motion 3")
        #expect(player?.subtitle.hasSuffix("first frame") == true)
        #expect(player?.videoModeText == "terminal·half")
    }

    @Test func playingCancelsTheStillAndNoStillIsFetchedWhilePlaying() {
        var state = Self.terminalState()
        let now = ContinuousClock.now
        _ = state.reduce(.action(.select(index: 2)), now: now)
        _ = state.reduce(.tick, now: now + StillSchedule.delay)
        let effects = state.reduce(.action(.play), now: now + .seconds(1))
        #expect(effects.contains(.cancelStill))
        _ = state.reduce(.action(.focus(.list)), now: now + .seconds(1))
        _ = state.reduce(.action(.select(index: 5)), now: now + .seconds(2))
        #expect(state.reduce(.tick, now: now + .seconds(5)).filter(\.isStill).isEmpty, "something is being prepared")
    }

    @Test func afterAPlaybackEndsOtherEventsGetStillsButItsOwnKeepsItsLastFrame() {
        var state = Self.terminalState()
        let now = ContinuousClock.now
        _ = state.reduce(.action(.play), now: now)
        _ = state.reduce(Fixtures.update(.finished(.ended), state), now: now)
        _ = state.reduce(.action(.focus(.list)), now: now)
        #expect(state.reduce(.tick, now: now + .seconds(1)).filter(\.isStill).isEmpty, "the ended event keeps its last frame")
        _ = state.reduce(.action(.select(index: 1)), now: now + .seconds(1))
        #expect(state.reduce(.tick, now: now + .seconds(2)).contains(.loadStill(Fixtures.event(1, camera: "Driveway"))))
    }

    @Test func noStillsWithVideoOffOrOutsideTerminalVideo() {
        var windowState = Fixtures.listState()
        _ = windowState.reduce(.action(.select(index: 1)), now: .now)
        #expect(windowState.reduce(.tick, now: .now + .seconds(1)).filter(\.isStill).isEmpty)
        var state = Self.terminalState()
        _ = state.reduce(.action(.cycleVideo), now: .now)
        #expect(state.reduce(.tick, now: .now + .seconds(1)).filter(\.isStill).isEmpty)
        #expect(state.nextDeadline.map { $0 > .now + .milliseconds(500) } ?? true, "no still deadline with video off")
    }
}

extension AppEffect {
    var isStill: Bool {
        switch self {
        case .loadStill, .cancelStill: true
        default: false
        }
    }
}
