import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The terminal hangs up (SIGHUP, an SSH drop) or the TUI is told to stop (SIGTERM, SIGINT): it
/// restores the terminal and exits 128 + the signal (129, 143, 130), the shell's convention that
/// `play` and `export` follow too (before, SIGTERM exited 0).
@Suite(.serialized, .machineShare) struct TUIHangUpTests {
    static let signals: [(Int32, String)] = [(SIGHUP, "EXIT=129"), (SIGTERM, "EXIT=143"), (SIGINT, "EXIT=130")]

    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(2)), arguments: signals)
    func aSignalExits128PlusIt(signal: Int32, expected: String) async throws {
        let binary = try Binary()
        // A server of its own per signal: the last case's server may still be exiting after its
        // kill-server, and a session started on it would die with it (an empty screen).
        let pane = try Tmux(socket: "ep-hangup-\(signal)-\(getpid())")
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
            #expect(kill(pid, signal) == 0)
            try pane.waitFor("EXIT=")
            #expect(pane.capture().contains(expected), "\(pane.capture())")
        }
    }
}
