import Foundation
import TestSupport
import Testing

/// `eventplayer` with no arguments and no server configured: the embedded demo backend signs
/// in by itself (no form), the header shows the demo badge, `d` shows the request log.
@Suite(.serialized) struct TUIDemoTests {
    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(1)))
    func noArgumentsOpensTheDemo() async throws {
        let binary = try Binary()
        let pane = try Tmux(socket: "ep-demo-\(getpid())")
        defer {
            pane.kill()
            try? FileManager.default.removeItem(at: binary.home)
        }
        let script = """
        unset EVENTPLAYER_SERVER DISPLAY WAYLAND_DISPLAY; \
        '\(binary.url.path)' 2>/dev/null; echo "EXIT=$?"; sleep 60
        """
        pane.start(columns: 80, rows: 24, environment: binary.paneEnvironment, command: script)
        try await Tmux.offPool {
            try pane.waitUntil("the list with the demo badge, no sign-in form") {
                $0.contains(" loaded") && $0.contains(" demo ") && $0.contains("Demo User") && !$0.contains("Sign in")
            }
            pane.keys("d")
            try pane.waitFor("Request log")
            try pane.waitFor("apiEvents")
            pane.keys("q")
            try pane.waitUntil("the overlay closed") { !$0.contains("Request log") }
            pane.keys("q")
            try pane.waitFor("EXIT=0")
        }
    }
}
