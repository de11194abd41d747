import DemoBackend
import Foundation
import TestSupport
import Testing

/// The TUI's side of a media token that expires mid-play: the same playback session as `play`
/// refreshes the tokens and reloads where playback is, and the event plays to its end.
@Suite(.serialized, .machineShare) struct TUITokenRefreshTests {
    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(2)))
    func anExpiredMediaTokenIsRefreshedAndPlaybackResumesAtThePosition() async throws {
        let binary = try Binary()
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let login = try await binary.login(server.baseURL)
        try #require(login.status == 0)
        // Segments trickle in, so the refusal comes while the player still needs media.
        await server.faults.delay(seconds: 1.5, pathPrefix: "/media/30-days/evt-endlist/segment")
        let pane = try Tmux(socket: "ep-e2e-refresh-\(getpid())")
        defer {
            pane.run(["kill-server"])
            try? FileManager.default.removeItem(at: binary.home)
        }
        let script = binary.paneScript("--server \(server.baseURL.absoluteString) --video none --no-audio --network direct", stderrToPane: true)
        pane.start(columns: 100, rows: 30, environment: binary.paneEnvironment, command: script)
        let before = try await Tmux.offPool { () throws -> Int in
            try pane.waitFor(" loaded")
            try pane.filterToTheLiveEvent()
            pane.keys("Enter")
            let playing = try pane.waitUntil("playing past 0:01") { $0.contains("▶ Playing") && (ScreenReading.sliderSeconds($0) ?? 0) >= 1 }
            return ScreenReading.sliderSeconds(playing) ?? 0
        }
        await server.faults.expireMediaTokens()
        let readings = try await Tmux.offPool { () throws -> [Int] in
            try pane.waitFor("Refreshing access", seconds: 20)
            var seen: [Int] = []
            _ = try pane.waitUntil("ended", seconds: 40) { screen in
                if let seconds = ScreenReading.sliderSeconds(screen) { seen.append(seconds) }
                return screen.contains("ended")
            }
            pane.keys("q")
            pane.keys("q")
            try pane.waitFor("EXIT=0")
            return seen
        }
        #expect(readings.allSatisfy { $0 >= before }, "the slider never went back before \(before): \(readings)")
        let tokenFetches = await server.requestLog().filter { $0.path == "/v1/events/tokens" }
        #expect(tokenFetches.count >= 2, "fresh tokens were fetched")
    }
}
