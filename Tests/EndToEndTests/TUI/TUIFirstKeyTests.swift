import DemoBackend
import Foundation
import TestSupport
import Testing

/// The first key pressed once the header says " loaded" is taken, however slow the first page is.
/// The header used to say "0 loaded" while the list still showed "Loading events…": a key pressed
/// then (as every tmux test did, and a user reading the header might) found no rows and was
/// dropped. Under load the first page was late, so tests saw their first key "not taken".
/// A delay on the events endpoint makes that moment last 2 s, every run.
@Suite(.serialized, .machineShare) struct TUIFirstKeyTests {
    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(1)))
    func theFirstKeyAfterTheHeaderSaysLoadedMovesTheSelection() async throws {
        let binary = try Binary()
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        try #require(try await binary.login(server.baseURL).status == 0)
        await server.faults.delay(seconds: 2, pathPrefix: "/v1/events")
        let pane = try Tmux(socket: "ep-e2e-firstkey-\(getpid())")
        defer {
            pane.run(["kill-server"])
            try? FileManager.default.removeItem(at: binary.home)
        }
        let script = binary.paneScript("--server \(server.baseURL.absoluteString) --video none --no-audio")
        pane.start(columns: 80, rows: 24, environment: binary.paneEnvironment, command: script)
        let loading = try await Tmux.offPool { try pane.waitFor("Loading events…") }
        #expect(!loading.contains(" loaded"), "the header claims a loaded list while it loads:\n\(loading)")
        try await Tmux.offPool {
            try pane.waitFor(" loaded")
            pane.keys("j")
            try pane.waitUntil("j moved the selection to the second row") { ScreenReading.selectedLine($0) == 3 }
            pane.keys("q")
            try pane.waitFor("EXIT=0")
        }
    }
}
