import Foundation
import Testing
import PlaybackStates
@testable import TUI

/// The real thing under tmux: this test binary re-runs itself inside a tmux pane (env TUI_SMOKE_CHILD=1),
/// where ``TmuxSmokeTests/tuiSmokeChildRunsTheLoop()`` drives a ``UILoop`` on a real terminal with a tiny
/// scripted App. The parent sends keys, mouse and resizes and waits for the screen to show the result.
@Suite(.serialized) struct TmuxSmokeTests {
    static let env = ProcessInfo.processInfo.environment
    static let isChild = env["TUI_SMOKE_CHILD"] == "1"
    static let tmux = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: !isChild && tmux != nil && FileManager.default.fileExists(atPath: "/proc/self/exe")))
    func tuiUnderTmux() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tui-smoke-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let exe = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let session = Tmux(binary: Self.tmux!, socket: "tui-smoke-\(getpid())")
        defer { session.run(["kill-server"]) }
        let log = dir.appendingPathComponent("actions.log").path
        let script = """
        stty -a > \(dir.path)/stty.before; \
        TUI_SMOKE_CHILD=1 TUI_SMOKE_LOG=\(log) '\(exe)' --filter tuiSmokeChildRunsTheLoop --testing-library swift-testing 2>/dev/null; \
        rc=$?; stty -a > \(dir.path)/stty.after; echo CHILD_EXIT=$rc; sleep 60
        """
        session.run(["new-session", "-d", "-x", "80", "-y", "24", "sh", "-c", script])
        try session.waitFor("Nothing playing")
        session.keys("j")
        try session.waitFor("▌ Driveway")
        session.keys("Enter")
        try session.waitFor("▶ Playing")
        try session.waitFor(" 0:01 ")                         // the 1 s deadline ticks
        session.keys("Space")
        try session.waitFor("❚❚ Paused")
        session.keys("m")
        try session.waitFor("muted")
        session.keys("Home")
        try session.waitFor("  0:00 ●")
        session.keys("Right")
        try session.waitFor("  0:05 ━")
        let bar = SliderGeometry(width: 80, duration: 10)
        // X10 mouse encoding (what ncurses enables for tmux's TERM): ESC [ M, 32+button, 32+column, 32+row (1-based).
        let column = Character(Unicode.Scalar(UInt8(32 + bar.barStart + bar.barWidth)))
        session.literal("\u{1b}[M \(column)6\u{1b}[M#\(column)6")
        try session.waitFor("  0:10 ━")                       // click on the slider's last column
        session.run(["resize-window", "-x", "38", "-y", "10"])
        try session.waitFor("Terminal too small")
        session.run(["resize-window", "-x", "120", "-y", "40"])
        try session.waitFor("│─ Player: Driveway")             // side by side after the resize
        session.keys("?")
        try session.waitFor("Help: keys")
        session.keys("Escape")
        try session.waitFor("❚❚ Paused", absent: "Help: keys")
        session.keys("q")
        session.keys("q")
        try session.waitFor("CHILD_EXIT=0")
        let before = try String(contentsOfFile: dir.path + "/stty.before", encoding: .utf8).split(separator: "\n").dropFirst()
        let after = try String(contentsOfFile: dir.path + "/stty.after", encoding: .utf8).split(separator: "\n").dropFirst()
        #expect(Array(before) == Array(after), "tty modes restored")
        let actions = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(actions.starts(with: ["select(index: 1)", "play"]))
        #expect(actions.contains("seek(toFraction: 1.0)"))
        #expect(actions.suffix(2) == ["quitOrBack", "quitOrBack"])
    }

    /// Runs only inside the tmux pane.
    @Test(.enabled(if: isChild))
    func tuiSmokeChildRunsTheLoop() throws {
        let terminal = try Terminal()
        defer { terminal.restore() }
        let loop = UILoop(terminal: terminal)
        let wake = try WakePipe()
        loop.addWakePipe(wake, name: "app")
        loop.run(SmokeApp(log: Self.env["TUI_SMOKE_LOG"] ?? "/dev/null"))
    }
}

/// A minimal App: a list, a fake 10 s playback advanced by the deadline.
final class SmokeApp: UILoopDelegate {
    var screen = ScreenSnapshot(header: HeaderSnapshot(user: "Smoke", server: "tmux"),
                                list: EventListSnapshot(rows: Array(Fixtures.rows.prefix(20))))
    var nextDeadline: ContinuousClock.Instant?
    let log: FileHandle?

    init(log: String) {
        FileManager.default.createFile(atPath: log, contents: nil)
        self.log = FileHandle(forWritingAtPath: log)
    }

    func handle(_ event: UIEvent) -> LoopControl {
        guard case .action(let action) = event else {
            if event == .deadline, var player = screen.player, player.playback == .playing {
                player.position = min(10, player.position + 1)
                screen.player = player
                nextDeadline = .now + .seconds(1)
            }
            return .keepRunning
        }
        log?.write(Data("\(action)\n".utf8))
        var player = screen.player
        switch action {
        case .select(let index): screen.list.selectedIndex = index
        case .play:
            let row = screen.list.rows[screen.list.selectedIndex]
            player = PlayerPaneSnapshot(title: "\(row.camera) · \(row.title)", playback: .playing, load: .playable, duration: 10)
            screen.focus = .player
            nextDeadline = .now + .seconds(1)
        case .togglePause: if let kind = player?.playback { player?.playback = kind == .playing ? .paused : .playing }
        case .toggleMute: player?.isMuted.toggle()
        case .seekToStart: player?.position = 0
        case .seekBy(let seconds): if let position = player?.position { player?.position = max(0, min(10, position + seconds)) }
        case .seek(toFraction: let fraction): player?.position = 10 * fraction
        case .toggleHelp: screen.overlay = screen.overlay == .help ? nil : .help
        case .back: screen.overlay = nil
        case .quitOrBack:
            if screen.focus == .player { screen.focus = .list } else { return .quit }
        case .quit: return .quit
        default: break
        }
        screen.player = player
        return .keepRunning
    }
}

/// tmux on a private socket.
struct Tmux {
    let binary: String
    let socket: String

    /// Runs a tmux command through the shell (Foundation's Process can hang on the forked server);
    /// output is read only when asked, since the server started by new-session keeps fds it inherits.
    @discardableResult
    func run(_ arguments: [String], output: Bool = false) -> String {
        let quoted = ([binary, "-L", socket] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let command = quoted.joined(separator: " ") + " 2>/dev/null </dev/null"
        guard output else {
            _ = system(command + " >/dev/null")
            return ""
        }
        guard let stream = popen(command, "r") else { return "" }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&buffer, 1, buffer.count, stream)
            if n <= 0 { break }
            data.append(contentsOf: buffer[0..<n])
        }
        pclose(stream)
        return String(decoding: data, as: UTF8.self)
    }

    func keys(_ key: String) { run(["send-keys", key]) }
    func literal(_ text: String) { run(["send-keys", "-l", text]) }
    func capture() -> String { run(["capture-pane", "-p"], output: true) }

    struct Timeout: Error, CustomStringConvertible {
        let expected: String
        let screen: String
        var description: String { "screen never showed \(expected):\n\(screen)" }
    }

    /// Waits (up to 20 s, polling) until the pane shows `text` (and not `absent`).
    func waitFor(_ text: String, absent: String? = nil) throws {
        try waitUntil("\"\(text)\"") { screen in screen.contains(text) && absent.map { !screen.contains($0) } ?? true }
    }

    /// Waits (up to 20 s, polling) until `condition` holds for the whole captured pane.
    func waitUntil(_ expected: String, _ condition: (String) -> Bool) throws {
        for _ in 0..<200 {
            if condition(capture()) { return }
            usleep(100_000)
        }
        throw Timeout(expected: expected, screen: capture())
    }
}
