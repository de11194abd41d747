import AppCore
import EventsAPI
import Foundation
import Testing
import TUI
@testable import TUIState

/// Reviewed marks (`x`, played to the end) and the unreviewed-only view (`u`).
@Suite("AppState: reviewed marks")
struct ReviewedReducerTests {
    static func ids(_ state: AppState) -> [String] {
        state.screen().list.rows.map(\.id)
    }

    @Test func capitalXMarksEveryEventShownInOneSave() {
        var state = Fixtures.listState(count: 30)
        _ = state.reduce(.action(.select(index: 3)), now: .now)
        _ = state.reduce(.action(.toggleReviewed), now: .now)   // evt-3 reviewed already
        let effects = state.reduce(.action(.markShownReviewed), now: .now)
        let expected = (0..<30).filter { $0 != 3 }.map { "evt-\($0)" }
        #expect(effects == [.saveReviewedSet(ids: expected, isReviewed: true)])
        #expect(state.screen().list.rows.allSatisfy { $0.isReviewed })
        #expect(state.status.message?.text == "Marked 29 events reviewed")
        #expect(state.reduce(.action(.markShownReviewed), now: .now).isEmpty, "nothing left to mark")
        #expect(state.status.message?.text == "Every event shown is reviewed already")
    }

    @Test func capitalXInUnreviewedOnlyKeepsTheSelectedEventUnderTheCursor() {
        var state = Fixtures.listState(count: 30)
        _ = state.reduce(.action(.toggleUnreviewedOnly), now: .now)
        _ = state.reduce(.action(.select(index: 4)), now: .now)
        _ = state.reduce(.action(.markShownReviewed), now: .now)
        #expect(Self.ids(state) == ["evt-4"], "the marked selection stays until it is left")
        #expect(state.screen().list.selectedIndex == 0 && state.screen().list.rows.first?.isReviewed == true)
    }

    @Test func xMarksTheSelectedEventInTheListAndThePlayingOneInThePlayer() {
        var state = Fixtures.listState()
        _ = state.reduce(.action(.select(index: 2)), now: .now)
        #expect(state.reduce(.action(.toggleReviewed), now: .now) == [.saveReviewed(id: "evt-2", isReviewed: true)])
        #expect(state.screen().list.rows[2].isReviewed)
        #expect(state.status.message?.text == "Reviewed: Front Door · Motion 2")
        #expect(state.reduce(.action(.toggleReviewed), now: .now) == [.saveReviewed(id: "evt-2", isReviewed: false)])
        #expect(!state.screen().list.rows[2].isReviewed)

        var playing = Fixtures.playingState()   // evt-0 in the player
        _ = playing.reduce(.action(.focus(.list)), now: .now)
        _ = playing.reduce(.action(.select(index: 5)), now: .now)
        _ = playing.reduce(.action(.focus(.player)), now: .now)
        #expect(playing.reduce(.action(.toggleReviewed), now: .now) == [.saveReviewed(id: "evt-0", isReviewed: true)])
    }

    @Test func loadedMarksShowAndUnreviewedOnlyHidesThem() {
        var state = Fixtures.listState(count: 30, next: "c2")
        state.loadReviewed(ReviewedMarks(ids: ["evt-1", "evt-2", "evt-99"]))
        #expect(state.screen().list.rows.filter(\.isReviewed).map(\.id) == ["evt-1", "evt-2"])
        _ = state.reduce(.action(.toggleUnreviewedOnly), now: .now)
        #expect(!Self.ids(state).contains("evt-1") && !Self.ids(state).contains("evt-2"))
        #expect(Self.ids(state).count == 28)
        #expect(state.screen().header.countsText == "28 of 30 loaded · more · unreviewed only")
        _ = state.reduce(.action(.toggleUnreviewedOnly), now: .now)
        #expect(Self.ids(state).count == 30)
        #expect(state.screen().header.countsText == "30 loaded · more")
    }

    @Test func turningItOnMovesTheSelectionToTheNextUnreviewedEvent() {
        var state = Fixtures.listState()
        state.loadReviewed(ReviewedMarks(ids: ["evt-3", "evt-4"]))
        _ = state.reduce(.action(.select(index: 3)), now: .now)
        _ = state.reduce(.action(.toggleUnreviewedOnly), now: .now)
        #expect(state.selectedEvent?.id == "evt-5")
        _ = state.reduce(.action(.toggleUnreviewedOnly), now: .now)
        #expect(state.selectedEvent?.id == "evt-5", "and stays there when it goes off")
    }

    @Test func anEventMarkedUnderTheCursorStaysUntilTheSelectionLeavesIt() {
        var state = Fixtures.listState()
        _ = state.reduce(.action(.toggleUnreviewedOnly), now: .now)
        _ = state.reduce(.action(.select(index: 3)), now: .now)
        _ = state.reduce(.action(.toggleReviewed), now: .now)
        #expect(state.selectedEvent?.id == "evt-3", "still under the cursor")
        #expect(state.screen().list.rows[3].isReviewed)
        _ = state.reduce(.action(.select(index: 4)), now: .now)   // Down
        #expect(state.selectedEvent?.id == "evt-4")
        #expect(!Self.ids(state).contains("evt-3"))
        #expect(state.list.selectedIndex == 3)
    }

    @Test func aMarkedEventNotUnderTheCursorGoesAndTheSelectionKeepsItsEvent() {
        var state = Fixtures.playingState()   // evt-0
        _ = state.reduce(.action(.focus(.list)), now: .now)
        _ = state.reduce(.action(.toggleUnreviewedOnly), now: .now)
        _ = state.reduce(.action(.select(index: 5)), now: .now)
        _ = state.reduce(Fixtures.update(.finished(.ended), state), now: .now)
        #expect(!Self.ids(state).contains("evt-0"))
        #expect(state.selectedEvent?.id == "evt-5")
    }

    @Test func nextSkipsReviewedEventsInUnreviewedOnly() {
        var state = Fixtures.playingState()   // evt-0
        state.loadReviewed(ReviewedMarks(ids: ["evt-1", "evt-2"]))
        _ = state.reduce(.action(.toggleUnreviewedOnly), now: .now)
        #expect(AdvanceReducerTests.started(state.reduce(.action(.nextEvent), now: .now)) == ["evt-3"])
    }

    @Test func aFailedSaveIsAnError() {
        var state = Fixtures.listState()
        _ = state.reduce(.reviewedSaveFailed(message: "/x/reviewed.json: Permission denied"), now: .now)
        #expect(state.status.error == "Reviewed marks not saved: /x/reviewed.json: Permission denied")
    }

    @Test func everyLoadedEventReviewedSaysHowToSeeThem() {
        var state = Fixtures.listState(count: 2, next: nil)
        state.loadReviewed(ReviewedMarks(ids: ["evt-0", "evt-1"]))
        _ = state.reduce(.action(.toggleUnreviewedOnly), now: .now)
        #expect(state.screen().list.rows.isEmpty)
        #expect(state.screen().list.emptyText == "Every loaded event is reviewed. u shows them all.")
    }
}
