import DemoBackend
import Foundation
import TestSupport
import Testing

/// Zoom and pan with mpv's Alt keys, through tmux as a terminal sends them (`ESC +`, xterm's
/// `CSI 1;3 D` for Alt+Left, `ESC DEL`): on a paused frame the picture changes with each key,
/// the message line says where it is, and Alt+Backspace puts it back.
@Suite(.serialized, .machineShare) struct TUIZoomPanTests {
    /// The screen's rows 2…36 with their colours: the list (unchanged) and the video pane.
    static func body(_ screen: String) -> [Substring] {
        Array(screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).prefix(34))
    }

    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(2)))
    func altKeysZoomAndPanThePausedPicture() async throws {
        let binary = try Binary()
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        try #require(try await binary.login(server.baseURL).status == 0)
        let pane = try Tmux(socket: "ep-e2e-zoom-\(getpid())")
        defer {
            pane.kill()
            try? FileManager.default.removeItem(at: binary.home)
        }
        let script = binary.paneScript("--server \(server.baseURL.absoluteString) --video terminal --no-audio",
                                       exports: ["TERM": "tmux-256color", "COLORTERM": "truecolor"])
        pane.start(columns: 120, rows: 40, environment: binary.paneEnvironment, command: script)
        let (plain, zoomed, panned, reset) = try await Tmux.offPool { () throws -> (String, String, String, String) in
            try pane.waitFor(" loaded")
            try pane.filterToTheLiveEvent()
            pane.keys("Enter")
            try pane.waitUntil("playing past 0:01") { $0.contains("▶ Playing") && (ScreenReading.sliderSeconds($0) ?? 0) >= 1 }
            pane.keys("Space")
            try pane.waitFor("❚❚ Paused")
            usleep(800_000)
            let plain = pane.capture(escapes: true)
            pane.keys("M-+", "M-+", "M-+")
            try pane.waitFor("Zoom 1.23×")
            usleep(800_000)
            let zoomed = pane.capture(escapes: true)
            pane.keys("M-Left")
            try pane.waitFor("Zoom 1.23× · pan 0.1, 0.0")
            usleep(800_000)
            let panned = pane.capture(escapes: true)
            pane.keys("M-BSpace")
            try pane.waitFor("Zoom and pan reset")
            usleep(800_000)
            let reset = pane.capture(escapes: true)
            pane.keys("q", "q")
            try pane.waitFor("EXIT=0")
            return (plain, zoomed, panned, reset)
        }
        #expect(Self.body(plain) != Self.body(zoomed), "zooming in changed nothing in the pane")
        #expect(Self.body(zoomed) != Self.body(panned), "panning changed nothing in the pane")
        #expect(Self.body(panned) != Self.body(reset), "the reset changed nothing in the pane")
        #expect(plain.contains("❚❚ Paused") && reset.contains("❚❚ Paused"), "the keys did not touch playback")
    }
}
