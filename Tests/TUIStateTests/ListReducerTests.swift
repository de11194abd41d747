import AppCore
import EventsAPI
import Foundation
import Testing
import TUI
@testable import TUIState

@Suite("AppState: event list")
struct ListReducerTests {
    @Test func signedInStartFetchesTheFirstPage() {
        var state = AppState(server: "http://h:1", isDemo: true, user: "Demo User")
        #expect(state.start() == [.fetchPage(cursor: nil, generation: 1)])
    }

    @Test func theHeaderSaysLoadingUntilTheFirstPageNotZeroLoaded() {
        var state = AppState(server: "http://h:1", isDemo: true, user: "Demo User")
        _ = state.start()
        #expect(state.screen().list.isLoading)
        #expect(state.screen().header.countsText == "loading…")
        _ = state.reduce(.pageLoaded(Fixtures.page(0..<5, next: nil), generation: 1), now: .now)
        #expect(state.screen().header.countsText == "5 loaded")
        _ = state.reduce(.action(.refresh), now: .now)
        #expect(state.screen().header.countsText == "loading…")
        _ = state.reduce(.pageFailed(message: "timed out", needsSignIn: false, generation: state.list.fetchGeneration), now: .now)
        #expect(state.screen().header.countsText == "0 loaded", "a failed load has loaded nothing")
    }

    @Test func pagesAppendAndShowCounts() {
        let state = Fixtures.listState(count: 30, next: "c2")
        let screen = state.screen()
        #expect(screen.list.rows.count == 30)
        #expect(screen.list.moreAvailable)
        #expect(!screen.list.isLoading)
        #expect(screen.header.countsText == "30 loaded · more")
        #expect(screen.header.isDemo)
        #expect(screen.header.server == "127.0.0.1:8080")
        #expect(screen.list.rows[0].durationText == "0:10")
    }

    @Test func aPageOfAnOlderFetchIsDropped() {
        var state = Fixtures.listState()
        _ = state.reduce(.action(.refresh), now: .now)
        _ = state.reduce(.pageLoaded(Fixtures.page(100..<105), generation: state.list.fetchGeneration - 1), now: .now)
        #expect(state.list.events.isEmpty)
        #expect(state.screen().list.isLoading)
    }

    @Test func selectingNearTheEndFetchesTheNextPageOnce() {
        var state = Fixtures.listState(count: 30, next: "c2")
        #expect(state.reduce(.action(.select(index: 5)), now: .now).isEmpty)
        #expect(state.reduce(.action(.select(index: 25)), now: .now) == [.fetchPage(cursor: "c2", generation: 1)])
        #expect(state.reduce(.action(.select(index: 26)), now: .now).isEmpty, "already loading")
        _ = state.reduce(.pageLoaded(Fixtures.page(30..<60, next: nil), generation: 1), now: .now)
        #expect(state.list.events.count == 60)
        #expect(state.reduce(.action(.select(index: 59)), now: .now).isEmpty, "no more pages")
        #expect(state.screen().header.countsText == "60 loaded")
    }

    @Test func selectionIsClamped() {
        var state = Fixtures.listState(count: 5, next: nil)
        _ = state.reduce(.action(.select(index: 99)), now: .now)
        #expect(state.list.selectedIndex == 4)
    }

    @Test func filterMatchesCameraOrTitleCaseInsensitively() {
        var state = Fixtures.listState(count: 10, next: nil)
        _ = state.reduce(.action(.startFilter), now: .now)
        #expect(state.screen().list.isEditingFilter)
        for text in ["d", "R", "i"] { _ = state.reduce(.action(.insertText(text)), now: .now) }
        #expect(state.screen().list.rows.allSatisfy { $0.camera == "Driveway" })
        #expect(state.screen().list.rows.count == 5)
        _ = state.reduce(.action(.submit), now: .now)
        #expect(!state.screen().list.isEditingFilter)
        #expect(state.screen().list.filterText == "dRi")
        #expect(state.screen().header.countsText == "5 of 10 loaded")
        _ = state.reduce(.action(.startFilter), now: .now)
        _ = state.reduce(.action(.cancel), now: .now)
        #expect(state.screen().list.rows.count == 10)
    }

    @Test func filterByTitleKeepsTheSelectedEventWhenItStillMatches() {
        var state = Fixtures.listState(count: 10, next: nil)
        _ = state.reduce(.action(.select(index: 7)), now: .now)
        _ = state.reduce(.action(.startFilter), now: .now)
        _ = state.reduce(.action(.insertText("motion 7")), now: .now)
        #expect(state.selectedEvent?.id == "evt-7")
        _ = state.reduce(.action(.clearField), now: .now)
        #expect(state.selectedEvent?.id == "evt-7")
    }

    @Test func emptyFilterResultSaysHowToClearIt() {
        var state = Fixtures.listState(count: 3, next: nil)
        _ = state.reduce(.action(.startFilter), now: .now)
        _ = state.reduce(.action(.insertText("zzz")), now: .now)
        #expect(state.screen().list.rows.isEmpty)
        #expect(state.screen().list.emptyText.contains("Esc"))
    }

    @Test func refreshStartsOver() {
        var state = Fixtures.listState()
        #expect(state.reduce(.action(.refresh), now: .now) == [.fetchPage(cursor: nil, generation: 2)])
        #expect(state.list.events.isEmpty)
    }

    @Test func failedPageIsAnErrorUntilEsc() {
        var state = Fixtures.listState()
        _ = state.reduce(.action(.refresh), now: .now)
        _ = state.reduce(.pageFailed(message: "cannot reach the server at http://127.0.0.1:9 (connection refused)",
                                     needsSignIn: false, generation: 2), now: .now)
        #expect(state.screen().error == "Cannot load events: cannot reach the server at http://127.0.0.1:9 (connection refused)",
                "said once, in one sentence")
        #expect(state.reduce(.action(.quitOrBack), now: .now) == [.quit], "q does not dismiss errors")
        _ = state.reduce(.action(.back), now: .now)
        #expect(state.screen().error == nil)
    }

    @Test func overlaysToggleAndCloseWithQ() {
        var state = Fixtures.listState()
        _ = state.reduce(.action(.toggleHelp), now: .now)
        #expect(state.screen().overlay == .help)
        _ = state.reduce(.action(.toggleRequestLog), now: .now)
        #expect(state.screen().overlay == .requestLog)
        #expect(state.reduce(.action(.quitOrBack), now: .now).isEmpty)
        #expect(state.screen().overlay == nil)
        #expect(state.reduce(.action(.quitOrBack), now: .now) == [.quit])
    }

    @Test func tabSwitchesFocus() {
        var state = Fixtures.listState()
        _ = state.reduce(.action(.toggleFocus), now: .now)
        #expect(state.focus == .player)
        _ = state.reduce(.action(.focus(.list)), now: .now)
        #expect(state.focus == .list)
    }

    @Test func messagesExpireOnTheTick() {
        var state = Fixtures.listState()
        let now = ContinuousClock.now
        state.show("hello", now: now)
        #expect(state.nextDeadline == now + StatusLine.messageLifetime)
        _ = state.reduce(.tick, now: now + .seconds(1))
        #expect(state.screen().message?.text == "hello")
        _ = state.reduce(.tick, now: now + .seconds(5))
        #expect(state.screen().message == nil)
        #expect(state.nextDeadline == nil)
    }
}
