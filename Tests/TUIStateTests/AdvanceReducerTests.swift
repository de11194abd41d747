import AppCore
import EventsAPI
import Foundation
import PlaybackStates
import Player
import Testing
import TUI
@testable import TUIState

/// `>` / `<`, pages fetched on the way, and auto-advance (only after a playback that ended).
@Suite("AppState: next, previous, auto-advance")
struct AdvanceReducerTests {
    /// The event ids a batch of effects starts.
    static func started(_ effects: [AppEffect]) -> [String] {
        effects.compactMap { if case .startPlayback(let event, _, _) = $0 { event.id } else { nil } }
    }

    @Test func nextPlaysTheEventAfterThePlayingOneAndTheSelectionFollows() {
        var state = Fixtures.playingState()   // evt-0, player focus
        let effects = state.reduce(.action(.nextEvent), now: .now)
        #expect(effects == [.startPlayback(state.list.events[1], id: PlaybackID(rawValue: 2), startAt: 0)])
        #expect(state.selectedEvent?.id == "evt-1")
        #expect(state.focus == .player)
        #expect(Self.started(state.reduce(.action(.previousEvent), now: .now)) == ["evt-0"])
        #expect(state.list.selectedIndex == 0)
    }

    @Test func inTheListFocusStaysOnTheList() {
        var state = Fixtures.playingState()
        _ = state.reduce(.action(.focus(.list)), now: .now)
        _ = state.reduce(.action(.select(index: 7)), now: .now)
        #expect(Self.started(state.reduce(.action(.nextEvent), now: .now)) == ["evt-1"], "from the playing event, not the selection")
        #expect(state.focus == .list)
        #expect(state.list.selectedIndex == 1)
    }

    @Test func withNothingPlayingOrAfterAStopItMovesFromTheSelection() {
        var state = Fixtures.listState()
        _ = state.reduce(.action(.select(index: 3)), now: .now)
        #expect(Self.started(state.reduce(.action(.nextEvent), now: .now)) == ["evt-4"])
        _ = state.reduce(Fixtures.update(.finished(.userExited), state), now: .now)
        _ = state.reduce(.action(.select(index: 9)), now: .now)
        #expect(Self.started(state.reduce(.action(.previousEvent), now: .now)) == ["evt-8"])
    }

    @Test func theEndsSaySo() {
        var state = Fixtures.listState(count: 5, next: nil)
        #expect(state.reduce(.action(.previousEvent), now: .now).isEmpty)
        #expect(state.status.message?.text == "First event")
        _ = state.reduce(.action(.select(index: 4)), now: .now)
        #expect(state.reduce(.action(.nextEvent), now: .now).isEmpty)
        #expect(state.status.message?.text == "Last event")
    }

    @Test func atTheLastLoadedRowTheNextPageIsFetchedAndItsFirstEventPlays() {
        var state = Fixtures.listState(count: 30, next: "c2")
        #expect(state.reduce(.action(.select(index: 29)), now: .now) == [.fetchPage(cursor: "c2", generation: 1)])
        _ = state.reduce(.pageFailed(message: "503", needsSignIn: false, generation: 1), now: .now)   // the prefetch failed
        _ = state.reduce(.action(.back), now: .now)
        let effects = state.reduce(.action(.nextEvent), now: .now)
        #expect(effects == [.fetchPage(cursor: "c2", generation: 1)])
        #expect(state.status.message?.text == "Loading more events…")
        let arrived = state.reduce(.pageLoaded(Fixtures.page(30..<60, next: "c3"), generation: 1), now: .now)
        #expect(Self.started(arrived) == ["evt-30"])
        #expect(state.selectedEvent?.id == "evt-30")
        #expect(state.review.pendingAdvance == nil)
    }

    @Test func aPageAlreadyOnItsWayIsAwaitedNotFetchedTwice() {
        var state = Fixtures.listState(count: 30, next: "c2")
        _ = state.reduce(.action(.select(index: 29)), now: .now)   // the prefetch is on its way
        #expect(state.reduce(.action(.nextEvent), now: .now).isEmpty)
        #expect(state.review.pendingAdvance?.anchorID == "evt-29")
        #expect(Self.started(state.reduce(.pageLoaded(Fixtures.page(30..<40), generation: 1), now: .now)) == ["evt-30"])
    }

    @Test func aFailedPageEndsTheWaitWithAnError() {
        var state = Fixtures.listState(count: 30, next: "c2")
        _ = state.reduce(.action(.select(index: 29)), now: .now)
        _ = state.reduce(.action(.nextEvent), now: .now)
        _ = state.reduce(.pageFailed(message: "the server answered 503", needsSignIn: false, generation: 1), now: .now)
        #expect(state.status.error == "Cannot load the next event: the server answered 503")
        #expect(state.review.pendingAdvance == nil)
        #expect(Self.started(state.reduce(.pageLoaded(Fixtures.page(30..<40), generation: 1), now: .now)).isEmpty)
    }

    @Test func aRefreshOrAnotherPlaybackDropsTheWait() {
        var state = Fixtures.listState(count: 30, next: "c2")
        _ = state.reduce(.action(.select(index: 29)), now: .now)
        _ = state.reduce(.action(.nextEvent), now: .now)
        _ = state.reduce(.action(.refresh), now: .now)
        #expect(Self.started(state.reduce(.pageLoaded(Fixtures.page(0..<30, next: "c2"), generation: 2), now: .now)).isEmpty)

        _ = state.reduce(.action(.select(index: 29)), now: .now)
        _ = state.reduce(.action(.nextEvent), now: .now)
        _ = state.reduce(.action(.select(index: 2)), now: .now)
        _ = state.reduce(.action(.play), now: .now)   // Enter on another event
        #expect(Self.started(state.reduce(.pageLoaded(Fixtures.page(30..<40), generation: 2), now: .now)).isEmpty)
        #expect(state.playback?.event.id == "evt-2")
    }

    @Test func autoAdvanceStartsTheNextOnlyWhenAPlaybackEnded() {
        for reason in [FinishReason.error("segment 2 failed"), .userExited] {
            var state = Fixtures.playingState()
            _ = state.reduce(.action(.toggleAutoAdvance), now: .now)
            #expect(Self.started(state.reduce(Fixtures.update(.finished(reason), state), now: .now)).isEmpty, "\(reason)")
        }
        var state = Fixtures.playingState()
        _ = state.reduce(.action(.toggleAutoAdvance), now: .now)
        #expect(state.screen().isAutoAdvance)
        #expect(state.status.message?.text.hasPrefix("Auto-advance on") == true)
        let effects = state.reduce(Fixtures.update(.finished(.ended), state), now: .now)
        #expect(effects == [.saveReviewed(id: "evt-0", isReviewed: true),
                            .startPlayback(state.list.events[1], id: PlaybackID(rawValue: 2), startAt: 0)])
        #expect(state.selectedEvent?.id == "evt-1")
    }

    @Test func withoutAutoAdvanceAnEndOnlyMarksTheEvent() {
        var state = Fixtures.playingState()
        #expect(state.reduce(Fixtures.update(.finished(.ended), state), now: .now) == [.saveReviewed(id: "evt-0", isReviewed: true)])
        #expect(state.screen().list.rows[0].isReviewed)
        #expect(!state.screen().isAutoAdvance)
    }

    @Test func theEndOfAReplacedPlaybackIsIgnored() {
        var state = Fixtures.playingState()
        _ = state.reduce(.action(.toggleAutoAdvance), now: .now)
        _ = state.reduce(.action(.nextEvent), now: .now)   // evt-1 now
        let old = PlaybackUpdate(PlaybackID(rawValue: 1), .finished(.ended), session: .init(position: 10, duration: 10, finish: .ended))
        #expect(state.reduce(.playback(old), now: .now).isEmpty)
        #expect(state.playback?.event.id == "evt-1")
    }

    @Test func autoAdvanceAtTheLastLoadedRowWaitsForTheNextPage() {
        var state = Fixtures.listState(count: 30, next: "c2")
        _ = state.reduce(.action(.select(index: 29)), now: .now)
        _ = state.reduce(.pageFailed(message: "503", needsSignIn: false, generation: 1), now: .now)
        _ = state.reduce(.action(.back), now: .now)
        _ = state.reduce(.action(.play), now: .now)
        _ = state.reduce(.action(.toggleAutoAdvance), now: .now)
        let effects = state.reduce(Fixtures.update(.finished(.ended), state), now: .now)
        #expect(effects == [.saveReviewed(id: "evt-29", isReviewed: true), .fetchPage(cursor: "c2", generation: 1)])
        #expect(Self.started(state.reduce(.pageLoaded(Fixtures.page(30..<40), generation: 1), now: .now)) == ["evt-30"])
    }
}
