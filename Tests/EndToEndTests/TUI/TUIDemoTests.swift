import Foundation
import Testing

/// `eventplayer` with no arguments and no server configured: the embedded demo backend signs
/// in by itself (no form), the header shows the demo badge, `d` shows the request log.
@Suite(.serialized) struct TUIDemoTests {
    @Test(.enabled(if: TmuxPane.binary != nil), .timeLimit(.minutes(1)))
    func noArgumentsOpensTheDemo() async throws {
        let binary = try Binary()
        let pane = TmuxPane(binary: TmuxPane.binary!, socket: "ep-demo-\(getpid())")
        defer {
            pane.run(["kill-server"])
            try? FileManager.default.removeItem(at: binary.home)
        }
        let env = binary.environment.filter { ["HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "PATH", "LANG", "LC_ALL"].contains($0.key) }
        let exports = env.map { "export \($0.key)='\($0.value)'" }.joined(separator: "; ")
        let script = """
        \(exports); unset EVENTPLAYER_SERVER DISPLAY WAYLAND_DISPLAY; \
        '\(binary.url.path)' 2>/dev/null; echo "EXIT=$?"; sleep 60
        """
        pane.run(["new-session", "-d", "-x", "80", "-y", "24", "sh", "-c", script])
        try await TUIEndToEndTests.onThread {
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
