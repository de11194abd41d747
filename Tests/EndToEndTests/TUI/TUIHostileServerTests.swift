import DemoBackend
import Foundation
import TestSupport
import Testing

/// The TUI against a hostile server: page cursors that loop (no request storm, a message), and a
/// playlist that drips (the status bar shows it is waiting, then the timeout).
@Suite(.serialized, .machineShare) struct TUIHostileServerTests {
    func start(_ server: DemoServer, _ binary: Binary, socket: String, network: String = "proxy", columns: Int = 120) -> Tmux? {
        guard let pane = try? Tmux(socket: "\(socket)-\(getpid())") else { return nil }
        let script = binary.paneScript("--server \(server.baseURL.absoluteString) --video none --no-audio --network \(network)")
        pane.start(columns: columns, rows: 30, environment: binary.paneEnvironment, command: script)
        return pane
    }

    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(2)))
    func loopingCursorsStopPagingWithAMessageAndNoRequestStorm() async throws {
        let binary = try Binary()
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        try #require(try await binary.login(server.baseURL).status == 0)
        await server.faults.loopCursors()
        let pane = try #require(start(server, binary, socket: "ep-e2e-cursor"))
        defer {
            pane.kill()
            try? FileManager.default.removeItem(at: binary.home)
        }
        try await Tmux.offPool {
            try pane.waitFor("100 loaded")
            pane.keys("G")   // the last row: the next page (its cursor is new)
            try pane.waitFor("200 loaded")
            pane.keys("G")   // page 3 names page 2's cursor again
            try pane.waitFor("repeated page cursor")
            try pane.waitFor("300 loaded")
            pane.keys("G")   // at the end of what is loaded: nothing more to ask for
        }
        let settled = await server.requestLog().filter { $0.path == "/v1/events" }.count
        try await Task.sleep(for: .seconds(3))
        let later = await server.requestLog().filter { $0.path == "/v1/events" }.count
        #expect(settled == 3, "three pages, then paging stopped")
        #expect(later == settled, "no requests while idle (\(later - settled) in 3 s)")
        try await Tmux.offPool {
            pane.keys("q")
            try pane.waitFor("EXIT=0")
        }
    }

    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(2)))
    func aDrippingPlaylistInDirectModeShowsTheWaitThenTheTimeout() async throws {
        let binary = try Binary()
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        try #require(try await binary.login(server.baseURL).status == 0)
        _ = try binary.writeConfig("[network]\nretries = 0\nmanifestHlsMaster-request-timeout = 5\n")
        // The head at once, then a byte every half second.
        await server.faults.slowBody(pathPrefix: "/media/", bytes: 1, interval: 0.5)
        let pane = try #require(start(server, binary, socket: "ep-e2e-drip", network: "direct", columns: 220))
        defer {
            pane.kill()
            try? FileManager.default.removeItem(at: binary.home)
        }
        try await Tmux.offPool {
            try pane.waitFor(" loaded")
            pane.keys("Enter")
            // The count goes up with the tick; on a loaded machine a screen may skip a number.
            try pane.waitUntil("\"waiting for the server (N s)\"", seconds: 15) {
                $0.range(of: #"waiting for the server \([1-9][0-9]* s\)"#, options: .regularExpression) != nil
            }
            try pane.waitFor("Playback failed: fetching the event's playlist failed", seconds: 20)
            try pane.waitFor("index.m3u8 did not answer within 5 s")
            pane.keys("q")
            pane.keys("q")
            try pane.waitFor("EXIT=0")
        }
    }
}
