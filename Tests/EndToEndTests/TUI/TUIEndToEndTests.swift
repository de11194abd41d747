import DemoBackend
import Foundation
import TestSupport
import Testing

/// The real `eventplayer` TUI in a tmux pane (80x24) against the demo backend in-process on port 0:
/// sign in through the form, filter, play, pause, mute, seek, play to the end, a failing event,
/// a resize, and `q q` back to a sane shell.
@Suite(.serialized, .machineShare) struct TUIEndToEndTests {
    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(2)))
    func signInPlayAndQuit() async throws {
        let binary = try Binary()
        let server = try await DemoServer.start()
        let pane = try Tmux(socket: "ep-e2e-\(getpid())")
        defer {
            pane.kill()
            try? FileManager.default.removeItem(at: binary.home)
        }
        let dir = binary.home.path
        let script = """
        unset EVENTPLAYER_SERVER DISPLAY WAYLAND_DISPLAY; stty -a > \(dir)/stty.before; \
        '\(binary.url.path)' --server \(server.baseURL.absoluteString) --video none --no-audio 2>\(dir)/stderr; \
        rc=$?; stty -a > \(dir)/stty.after; echo "EXIT=$rc"; sleep 60
        """
        pane.start(columns: 80, rows: 24, environment: binary.paneEnvironment, command: script)
        defer { Task { await server.stop() } }
        // Poll on a thread of its own: blocking the cooperative pool would starve the in-process server.
        try await Tmux.offPool { try Self.drive(pane) }
        let before = try String(contentsOfFile: dir + "/stty.before", encoding: .utf8)
        let after = try String(contentsOfFile: dir + "/stty.after", encoding: .utf8)
        #expect(before.split(separator: "\n").dropFirst() == after.split(separator: "\n").dropFirst(), "tty modes restored")
    }

    private static func drive(_ pane: Tmux) throws {
        // Sign in through the form: a wrong password is an inline error, then the right one.
        try pane.waitFor("Sign in")
        pane.type(DemoAccount.email)
        pane.keys("Tab")
        pane.type("wrong-password")
        pane.keys("Enter")
        try pane.waitFor("Wrong email or password.")
        pane.keys("C-u")
        pane.type(DemoAccount.password)
        pane.keys("Enter")
        try pane.waitFor(DemoAccount.name)
        try pane.waitFor(" loaded")
        // Filter down to evt-endlist and play it.
        try pane.filterToTheLiveEvent()
        pane.keys("Enter")
        try pane.waitFor("evt-endlist")                       // the player pane names the event
        let first = try pane.waitUntil("Playing with a slider time") {
            $0.contains("▶ Playing") && (ScreenReading.sliderSeconds($0) ?? 0) >= 1
        }
        let t1 = ScreenReading.sliderSeconds(first)!
        try pane.waitUntil("the slider advancing past \(t1)") { (ScreenReading.sliderSeconds($0) ?? 0) > t1 }
        // Pause, mute, seek.
        pane.keys("Space")
        let paused = try pane.waitFor("❚❚ Paused")
        let position = ScreenReading.sliderSeconds(paused) ?? 0
        pane.keys("m")
        try pane.waitFor("muted")
        if position + 5 < 10 {
            pane.keys("Right")
            try pane.waitUntil("position +5 s from \(position), seek done") {
                ScreenReading.sliderSeconds($0) == position + 5 && $0.contains("❚❚ Paused")
            }
        }
        // Stop, then Enter resumes from the knob and plays to the end.
        pane.keys("s")
        try pane.waitFor("■ Stopped")
        pane.keys("Enter")
        try pane.waitFor("ended", seconds: 30)
        // A failing event: its error reaches the status bar.
        pane.keys("Tab")
        pane.keys("/")
        pane.keys("C-u")
        pane.type("ring (broken")   // "broken" alone also finds the montage scene's evt-montage-broken
        pane.keys("Enter")
        try pane.waitUntil("only the broken event") { $0.contains("Doorbell ring (broken") && $0.contains(" 1 of ") }
        pane.keys("Enter")
        try pane.waitFor("evt-broken")
        try pane.waitFor("error", seconds: 40)
        // Resize: still a sane screen.
        pane.resize(columns: 120, rows: 40)
        try pane.waitUntil("a 120-column screen") { $0.contains("Doorbell ring") && $0.split(separator: "\n").count >= 39 }
        pane.resize(columns: 80, rows: 24)
        try pane.waitFor("Doorbell ring")
        // q q: back to the list, then quit.
        pane.keys("q")
        pane.keys("q")
        try pane.waitFor("EXIT=0")
    }
}
