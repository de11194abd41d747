import Foundation
import TestSupport
import Testing

/// `L` on a real ZoneMinder: the selected event's monitor live in the pane from ZoneMinder's own
/// `nph-zms` stream (mode=jpeg), through the playback proxy, which adds the token (mpv's URL and
/// the screen never have it); the picture changes; Esc goes back to the list.
extension TUIZoneMinderTests {
    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(3)))
    func lShowsAMonitorLiveFromZms() async throws {
        let (zm, binary, _, row) = try await Self.signedIn(finished: (frontDoor: 1, backYard: 0))
        let logged = zm.accessLogLines().count
        let pane = try Tmux(socket: "ep-e2e-zm-live-\(getpid())")
        defer {
            pane.kill()
            try? FileManager.default.removeItem(at: binary.home)
        }
        let script = binary.paneScript("--server \(zm.server) --video terminal --no-audio",
                                       exports: ["TERM": "tmux-256color", "COLORTERM": "truecolor"], unsetting: ["NO_COLOR"])
        pane.start(columns: 120, rows: 40, environment: binary.paneEnvironment, command: script)
        let (live, first, second, back) = try await Tmux.offPool { () throws -> (String, String, String, String) in
            try pane.waitFor(" loaded")
            for _ in 0..<row { pane.keys("Down") }
            try pane.waitUntil("a Front door event selected") { screen in
                screen.split(separator: "\n").first { $0.hasPrefix("▌") }.map { $0.contains("Front door") } ?? false
            }
            pane.keys("L")
            let live = try pane.waitUntil("Front door live with a rate", seconds: 40) { screen in
                let status = ScreenReading.statusLine(screen)
                return status.contains("live │ Front door │") && status.contains(" fps │")
            }
            let first = pane.capture(escapes: true)
            usleep(1_500_000)
            let second = pane.capture(escapes: true)
            pane.keys("Escape")
            let back = try pane.waitUntil("back to the list") { !ScreenReading.statusLine($0).contains("live │") }
            pane.keys("q")
            try pane.waitFor("EXIT=0", seconds: 20)
            return (live, first, second, back)
        }
        #expect(live.contains("Front door · live"), "the pane's title")
        #expect(ScreenReading.paneRows(first).joined().count > 1000, "a picture in the pane")
        #expect(ScreenReading.paneRows(first) != ScreenReading.paneRows(second), "the monitor's picture changes")
        let log = (try? String(contentsOf: binary.home.appending(path: "state/eventplayer/eventplayer.log"), encoding: .utf8)) ?? ""
        // Apache logs a request when it ends: zms ends the stream when it next writes to the
        // closed connection.
        let streams = try await Tmux.offPool { () -> [String] in
            for _ in 0..<100 {
                let lines = zm.accessLogLines().dropFirst(logged).filter { $0.contains("nph-zms") }
                if !lines.isEmpty { return Array(lines) }
                usleep(100_000)
            }
            return []
        }
        #expect(streams.contains { $0.contains("mode=jpeg") && $0.contains("monitor=1") && $0.contains("token=") },
                "the feed came from zms, with the token the proxy added: \(streams)")
        #expect(([live, first, second, back, log]).allSatisfy { !$0.contains("eyJ") && !$0.contains("token=") },
                "no token on the screen or in the log")
    }
}
