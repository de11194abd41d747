import AppCore
import EventsAPI
import Foundation
import PlaybackStates
import Testing
import TUI
@testable import TUIState

/// The list and the status bar against a server that repeats page cursors or answers slowly.
@Suite("AppState: a hostile or slow server")
struct HostileServerReducerTests {
    @Test func aRepeatedCursorStopsPagingWithAMessageAndKeepsTheList() {
        var state = Fixtures.listState(count: 30, next: "c2")
        let now = ContinuousClock.now
        #expect(state.reduce(.action(.select(index: 29)), now: now) == [.fetchPage(cursor: "c2", generation: 1)])
        // Page 2 names a new cursor; page 3 names page 2's again (any cursor seen before, not only the last).
        #expect(state.reduce(.pageLoaded(Fixtures.page(30..<60, next: "c3"), generation: 1), now: now).isEmpty)
        #expect(state.reduce(.action(.select(index: 59)), now: now) == [.fetchPage(cursor: "c3", generation: 1)])
        let effects = state.reduce(.pageLoaded(Fixtures.page(60..<90, next: "c2"), generation: 1), now: now)
        #expect(effects.isEmpty, "no page after a repeated cursor")
        #expect(state.list.events.count == 90)
        #expect(state.status.message?.text == #"Paging stopped: the server repeated page cursor "c2"; stopped after 90 events"#)
        #expect(state.reduce(.action(.select(index: 89)), now: now).isEmpty, "paging stays stopped")
        #expect(state.screen().header.countsText == "90 loaded")
        // A refresh starts a new listing: its cursors are new again.
        #expect(state.reduce(.action(.refresh), now: now) == [.fetchPage(cursor: nil, generation: 2)])
        _ = state.reduce(.pageLoaded(Fixtures.page(0..<30, next: "c2"), generation: 2), now: now)
        #expect(state.reduce(.action(.select(index: 29)), now: now) == [.fetchPage(cursor: "c2", generation: 2)])
    }

    @Test func thePageThatRepeatsItsOwnCursorStopsAtOnce() {
        var state = Fixtures.listState(count: 30, next: "c2")
        _ = state.reduce(.action(.select(index: 29)), now: .now)
        #expect(state.reduce(.pageLoaded(Fixtures.page(0..<30, next: "c2"), generation: 1), now: .now).isEmpty)
        #expect(state.list.events.count == 30)
    }

    @Test func whilePreparingTheStatusSaysConnectingThenCountsTheWait() throws {
        var state = Fixtures.listState()
        let start = ContinuousClock.now
        _ = state.reduce(.action(.play), now: start)
        _ = state.reduce(Fixtures.update(.preparing, state), now: start)
        var player = try #require(state.screen().player)
        #expect(player.load.label == "connecting…")
        #expect(state.playback?.preparingDeadline == start + .seconds(1), "a tick is due to count")
        _ = state.reduce(.tick, now: start + .milliseconds(2100))
        player = try #require(state.screen().player)
        #expect(player.load.label == "waiting for the server (2 s)")
        _ = state.reduce(Fixtures.update(.finished(.error("the playlist did not come")), state), now: start + .seconds(3))
        player = try #require(state.screen().player)
        #expect(player.load.label == "")
        #expect(state.playback?.preparingDeadline == nil, "no more counting ticks")
    }
}
