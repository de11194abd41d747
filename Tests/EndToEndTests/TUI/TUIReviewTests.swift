import DemoBackend
import Foundation
import TestSupport
import Testing

/// Keyboard review in the real TUI (real libmpv, `--video none`) against the demo backend in-process:
/// `>` plays the next event and the selection follows; with auto-advance (`a`) the end of one demo
/// event (10 s) starts the next; a mark made with `x` and one from playing to the end survive a
/// restart (same XDG_STATE_HOME) and `u` hides them.
@Suite(.serialized, .machineShare) struct TUIReviewTests {
    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(3)))
    func nextAutoAdvanceAndMarksThatSurviveARestart() async throws {
        let binary = try Binary()
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        try #require(try await binary.login(server.baseURL).status == 0)
        let pane = try Tmux(socket: "ep-e2e-review-\(getpid())")
        defer {
            pane.run(["kill-server"])
            try? FileManager.default.removeItem(at: binary.home)
        }
        let run = "'\(binary.url.path)' --server \(server.baseURL.absoluteString) --video none --no-audio 2>/dev/null"
        let script = """
        unset EVENTPLAYER_SERVER DISPLAY WAYLAND_DISPLAY; \(run); echo "FIRST=$?"; read restart; \(run); echo "EXIT=$?"; sleep 60
        """
        pane.start(columns: 80, rows: 24, environment: binary.paneEnvironment, command: script)
        try await Tmux.offPool { try Self.review(pane) }
        let marks = binary.home.appending(path: "state/eventplayer/reviewed.json")
        let text = try String(contentsOf: marks, encoding: .utf8)
        #expect(text.contains("evt-no-endlist") && text.contains("evt-master") && !text.contains("evt-endlist\""))
        let mode = try FileManager.default.attributesOfItem(atPath: marks.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // The restart waits for Enter: started at once, its screen could hide FIRST=0 before a poll saw it.
        pane.keys("Enter")
        try await Tmux.offPool { try Self.afterRestart(pane) }
    }

    /// The demo list, newest first: evt-live, evt-endlist, evt-no-endlist, evt-fmp4, evt-master, …
    private static func review(_ pane: Tmux) throws {
        try pane.waitFor(" loaded")
        pane.keys("j")
        try pane.waitUntil("evt-endlist selected") { ScreenReading.selectedRow($0)?.contains("Person at the front") == true }
        pane.keys("Enter")
        try pane.waitUntil("evt-endlist playing") { $0.contains("evt-endlist") && $0.contains("▶ Playing") }
        // `>`: the next event plays and the list selection moves to it.
        pane.keys(">")
        try pane.waitUntil("evt-no-endlist playing, selected") {
            $0.contains("evt-no-endlist") && $0.contains("▶ Playing") && ScreenReading.selectedRow($0)?.contains("Car in the driveway") == true
        }
        // Auto-advance: the end of evt-no-endlist (10 s, played through) starts evt-fmp4.
        pane.keys("a")
        try pane.waitUntil("auto on the status bar") { statusBar($0)?.contains("│ auto") == true }
        try pane.waitUntil("evt-fmp4 started by auto-advance", seconds: 40) {
            $0.contains("evt-fmp4") && ScreenReading.selectedRow($0)?.contains("Animal in the backyard") == true
        }
        try pane.waitUntil("evt-no-endlist marked reviewed") { isMarked("Car in the driveway", on: $0) }
        pane.keys("a")
        try pane.waitUntil("auto off") { statusBar($0)?.contains("auto") == false }
        // `x` in the list marks the selected event.
        pane.keys("Tab")
        pane.keys("j")
        try pane.waitUntil("evt-master selected") { ScreenReading.selectedRow($0)?.contains("Garage door opened") == true }
        pane.keys("x")
        try pane.waitUntil("evt-master marked") { isMarked("Garage door opened", on: $0) }
        pane.keys("q")
        try pane.waitFor("FIRST=0")
    }

    private static func afterRestart(_ pane: Tmux) throws {
        try pane.waitUntil("both marks after the restart") {
            $0.contains(" loaded") && isMarked("Car in the driveway", on: $0) && isMarked("Garage door opened", on: $0)
                && !isMarked("Person at the front door", on: $0)
        }
        pane.keys("u")
        try pane.waitUntil("u hides the reviewed events") {
            $0.contains("unreviewed only") && !$0.contains("Car in the driveway") && !$0.contains("Garage door opened")
                && $0.contains("Person at the front door")
        }
        pane.keys("q")
        try pane.waitFor("EXIT=0")
    }

    static func rows(_ screen: String) -> [String] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    static func statusBar(_ screen: String) -> String? {
        rows(screen).dropFirst(22).first
    }

    /// The list row with `title` carries the reviewed mark (third column).
    static func isMarked(_ title: String, on screen: String) -> Bool {
        guard let row = rows(screen).first(where: { $0.contains(title) }) else { return false }
        return Array(row).dropFirst(2).first == "✓"
    }
}
