import AppCore
import EventsAPI
import Foundation
import Testing
import TUI
@testable import TUIState

/// `e`: which event is exported, progress on the status bar, the path when done, one at a time,
/// and `q` while one runs.
@Suite("AppState: export")
struct ExportReducerTests {
    @Test func listFocusExportsTheSelectedEvent() {
        var state = Fixtures.listState()
        _ = state.reduce(.action(.select(index: 3)), now: .now)
        #expect(state.reduce(.action(.export), now: .now) == [.startExport(Fixtures.event(3, camera: "Driveway"))])
        #expect(state.screen().exportText == "export evt-3: starting…")
    }

    @Test func playerFocusExportsThePlayingEvent() {
        var state = Fixtures.playingState()   // event 0
        _ = state.reduce(.action(.select(index: 5)), now: .now)
        _ = state.reduce(.action(.focus(.player)), now: .now)
        #expect(state.reduce(.action(.export), now: .now) == [.startExport(Fixtures.event(0, camera: "Front Door"))])
    }

    @Test func progressThenThePath() {
        var state = Fixtures.listState()
        _ = state.reduce(.action(.export), now: .now)
        _ = state.reduce(.export(.started(eventID: "evt-0", file: "/tmp/x/Front-Door_1.ts", isPartial: false)), now: .now)
        let progress = ExportProgress(piecesDone: 3, pieceCount: 6, bytes: 600_000, bytesThisRun: 400_000, elapsed: 2)
        _ = state.reduce(.export(.progress(progress)), now: .now)
        #expect(state.screen().exportText == "export 50% 600 KB 200 KB/s ETA 0:03")
        let now = ContinuousClock.now
        _ = state.reduce(.export(.finished(file: "/tmp/x/Front-Door_1.ts", bytes: 1_200_000)), now: now)
        #expect(state.screen().exportText == nil)
        #expect(state.screen().message?.text == "Saved /tmp/x/Front-Door_1.ts (1.2 MB)")
        _ = state.reduce(.tick, now: now + .seconds(5))
        #expect(state.screen().message != nil, "the path stays longer than other messages")
    }

    @Test func aSecondExportWhileOneRunsIsRefused() {
        var state = Fixtures.listState()
        _ = state.reduce(.action(.export), now: .now)
        _ = state.reduce(.export(.progress(ExportProgress(piecesDone: 1, pieceCount: 4, bytes: 1, bytesThisRun: 1, elapsed: 1))), now: .now)
        _ = state.reduce(.action(.select(index: 2)), now: .now)
        #expect(state.reduce(.action(.export), now: .now).isEmpty)
        #expect(state.screen().message?.text == "An export is running (evt-0, 25%); press e again when it has finished")
    }

    @Test func aFailureIsAnErrorAndFreesTheSlot() {
        var state = Fixtures.listState()
        _ = state.reduce(.action(.export), now: .now)
        _ = state.reduce(.export(.failed(message: "Segment 2 of 3 failed: HTTP 500; press e on it again to resume.")), now: .now)
        #expect(state.screen().error == "Export failed: Segment 2 of 3 failed: HTTP 500; press e on it again to resume.")
        #expect(state.screen().exportText == nil)
        #expect(state.reduce(.action(.export), now: .now).count == 1)
    }

    @Test func quitWhileExportingWarnsOnce() {
        var state = Fixtures.listState()
        #expect(state.reduce(.action(.quitOrBack), now: .now) == [.quit], "nothing running: q quits")
        _ = state.reduce(.action(.export), now: .now)
        #expect(state.reduce(.action(.quitOrBack), now: .now).isEmpty)
        #expect(state.screen().message?.text.hasPrefix("An export is running: q again quits and keeps the .part") == true)
        #expect(state.reduce(.action(.quitOrBack), now: .now) == [.quit])
        var other = Fixtures.listState()
        _ = other.reduce(.action(.export), now: .now)
        #expect(other.reduce(.action(.quit), now: .now) == [.quit], "Ctrl-C never asks")
    }

    @Test func noEventNoExport() {
        var state = Fixtures.listState(count: 0, next: nil)
        #expect(state.reduce(.action(.export), now: .now).isEmpty)
        #expect(state.screen().message?.text == "No event to export: select one first")
    }
}
