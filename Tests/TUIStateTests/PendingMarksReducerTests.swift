import AppCore
import EventsAPI
import Foundation
import Testing
import TUI
@testable import TUIState

/// Marks on a server that keeps them (Frigate): shown pending (`…`) until the server took them,
/// sent again when it answers, rolled back when it refuses, never shown saved when it is not.
@Suite("AppState: pending reviewed marks")
struct PendingMarksReducerTests {
    /// A Frigate-like list: the server keeps the marks, none reviewed on it.
    static func serverState(pending: [PendingMark] = []) -> AppState {
        var state = AppState(server: "http://127.0.0.1:5000", isDemo: true, user: "admin")
        state.keepMarksOnServer(pending: pending)
        _ = state.start()
        _ = state.reduce(.pageLoaded(page(onServer: []), generation: state.list.fetchGeneration), now: .now)
        return state
    }

    /// Five events as the server lists them, `onServer` reviewed there.
    static func page(onServer: Set<String>) -> EventsPage {
        EventsPage(events: (0..<5).map { index in
            var event = Fixtures.event(index)
            event.serverReviewed = onServer.contains(event.id)
            return event
        }, nextCursor: nil)
    }

    static func row(_ state: AppState, _ id: String) -> EventRow? {
        state.screen().list.rows.first { $0.id == id }
    }

    @Test func aMarkIsPendingUntilTheServerTookItThenSaved() throws {
        var state = Self.serverState()
        let t0 = ContinuousClock.now
        let effects = state.reduce(.action(.toggleReviewed), now: t0)   // evt-0
        #expect(effects == [.writePendingMarks([PendingMark(id: "evt-0", reviewed: true)]), .sendReviewed(ids: ["evt-0"], isReviewed: true)])
        var row = try #require(Self.row(state, "evt-0"))
        #expect(row.isReviewed && row.isMarkPending, "pending, not saved")
        #expect(state.screen().header.countsText.hasSuffix(" · 1 mark pending (…)"))

        // The server is down: still pending, said once; the retry waits for the backoff.
        let down = AppInput.reviewedSendFailed(ids: ["evt-0"], isReviewed: true, failure: .unavailable,
                                               message: "the server failed with HTTP 502")
        #expect(state.reduce(down, now: t0).isEmpty)
        #expect(state.status.message?.text.contains("Reviewed marks pending") == true)
        #expect(Self.row(state, "evt-0")?.isMarkPending == true)
        #expect(state.nextDeadline != nil && state.nextDeadline! <= t0 + .seconds(2))
        #expect(state.reduce(.tick, now: t0 + .seconds(2)) == [.sendReviewed(ids: ["evt-0"], isReviewed: true)])

        // The server took it: saved (✓), the journal empties, the local copy follows.
        let saved = state.reduce(.reviewedSent(ids: ["evt-0"], isReviewed: true), now: t0 + .seconds(3))
        #expect(saved == [.saveReviewedSet(ids: ["evt-0"], isReviewed: true), .writePendingMarks([])])
        row = try #require(Self.row(state, "evt-0"))
        #expect(row.isReviewed && !row.isMarkPending)
        #expect(!state.screen().header.countsText.contains("pending"))
    }

    @Test func aReloadShowsWhatTheServerHasOrThePendingMark() throws {
        var state = Self.serverState()
        _ = state.reduce(.action(.toggleReviewed), now: .now)   // evt-0, pending
        _ = state.reduce(.reviewedSendFailed(ids: ["evt-0"], isReviewed: true, failure: .unavailable, message: "down"), now: .now)
        // A reload while the mark is pending: the server says not reviewed, the row stays pending.
        _ = state.reduce(.action(.refresh), now: .now)
        let effects = state.reduce(.pageLoaded(Self.page(onServer: ["evt-3"]), generation: state.list.fetchGeneration), now: .now)
        #expect(effects.contains(.sendReviewed(ids: ["evt-0"], isReviewed: true)), "the server answered: sent at once")
        #expect(Self.row(state, "evt-0").map { $0.isReviewed && $0.isMarkPending } == true)
        #expect(Self.row(state, "evt-3").map { $0.isReviewed && !$0.isMarkPending } == true, "the server's mark: saved")
        #expect(Self.row(state, "evt-1").map { !$0.isReviewed && !$0.isMarkPending } == true)
    }

    @Test func aMarkTheServerRefusesIsRolledBackWithAnError() throws {
        var state = Self.serverState()
        _ = state.reduce(.action(.markShownReviewed), now: .now)
        #expect(state.screen().list.rows.allSatisfy { $0.isReviewed && $0.isMarkPending })
        let ids = (0..<5).map { "evt-\($0)" }
        let effects = state.reduce(.reviewedSendFailed(ids: ids, isReviewed: true, failure: .refused,
                                                       message: "Frigate refused /api/reviews/viewed for this user (HTTP 403)"), now: .now)
        #expect(effects == [.writePendingMarks([])])
        #expect(state.screen().list.rows.allSatisfy { !$0.isReviewed && !$0.isMarkPending })
        #expect(state.status.error?.contains("did not take the marks of 5 events") == true)
        #expect(state.status.error?.contains("HTTP 403") == true)
    }

    @Test func theJournalsMarksShowPendingAndGoOnceTheServerAnswers() throws {
        var state = AppState(server: "http://127.0.0.1:5000", isDemo: true, user: "admin")
        state.keepMarksOnServer(pending: [PendingMark(id: "evt-2", reviewed: true), PendingMark(id: "evt-4", reviewed: false)])
        _ = state.start()
        let effects = state.reduce(.pageLoaded(Self.page(onServer: ["evt-4"]), generation: state.list.fetchGeneration), now: .now)
        #expect(effects.first == .sendReviewed(ids: ["evt-2"], isReviewed: true))
        #expect(Self.row(state, "evt-2").map { $0.isReviewed && $0.isMarkPending } == true)
        #expect(Self.row(state, "evt-4").map { !$0.isReviewed && $0.isMarkPending } == true, "an unmark pending")
        #expect(state.reduce(.reviewedSent(ids: ["evt-2"], isReviewed: true), now: .now).contains(.sendReviewed(ids: ["evt-4"], isReviewed: false)))
    }

    @Test func marksKeptLocallyAreSavedToTheFileAsBefore() {
        var state = Fixtures.listState()
        #expect(state.reduce(.action(.toggleReviewed), now: .now) == [.saveReviewed(id: "evt-0", isReviewed: true)])
        #expect(state.screen().list.rows[0].isMarkPending == false)
    }
}
