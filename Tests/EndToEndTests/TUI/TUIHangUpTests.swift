import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The terminal hangs up (SIGHUP, an SSH drop): the TUI restores the terminal and exits 129
/// (128 + SIGHUP), the shell convention `export` follows too (killed by SIGHUP).
@Suite(.serialized) struct TUIHangUpTests {
    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(2)))
    func sighupExits129() async throws {
        let binary = try Binary()
        let pane = try Tmux(socket: "ep-hangup-\(getpid())")
        defer {
            pane.kill()
            try? FileManager.default.removeItem(at: binary.home)
        }
        let pidFile = binary.home.appending(path: "pid")
        let script = """
        unset EVENTPLAYER_SERVER DISPLAY WAYLAND_DISPLAY; \
        sh -c 'echo $$ > "$0"; exec "$1" --video none --no-audio' '\(pidFile.path)' '\(binary.url.path)'; echo "EXIT=$?"; sleep 60
        """
        pane.start(columns: 100, rows: 30, environment: binary.paneEnvironment, command: script)
        try await Tmux.offPool {
            try pane.waitFor(" loaded")
            let text = try String(contentsOf: pidFile, encoding: .utf8)
            let pid = try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
            #expect(kill(pid, SIGHUP) == 0)
            try pane.waitFor("EXIT=")
            #expect(pane.capture().contains("EXIT=129"), "\(pane.capture())")
        }
    }
}
