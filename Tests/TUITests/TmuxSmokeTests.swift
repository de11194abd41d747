import Foundation
import SystemSupport
import TestSupport
import Testing
import PlaybackStates
@testable import TUI

/// The real thing under tmux: this test binary re-runs itself inside a tmux pane (env TUI_SMOKE_CHILD=1),
/// where ``TmuxSmokeTests/tuiSmokeChildRunsTheLoop()`` drives a ``UILoop`` on a real terminal with a tiny
/// scripted App. The parent sends keys, mouse and resizes and waits for the screen to show the result.
@Suite(.serialized, .machineShare) struct TmuxSmokeTests {
    static let env = ProcessInfo.processInfo.environment
    static let isChild = env["TUI_SMOKE_CHILD"] == "1"

    @Test(.enabled(if: !isChild && Tmux.binary != nil && FileManager.default.fileExists(atPath: "/proc/self/exe")))
    func tuiUnderTmux() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tui-smoke-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let exe = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let session = try Tmux(socket: "tui-smoke-\(getpid())")
        defer { session.kill() }
        let log = dir.appendingPathComponent("actions.log").path
        let script = """
        stty -a > \(dir.path)/stty.before; \
        TUI_SMOKE_CHILD=1 TUI_SMOKE_LOG=\(log) '\(exe)' --filter tuiSmokeChildRunsTheLoop --testing-library swift-testing 2>/dev/null; \
        rc=$?; stty -a > \(dir.path)/stty.after; echo CHILD_EXIT=$rc; sleep 60
        """
        session.start(columns: 80, rows: 24, command: script)
        try await Tmux.offPool { try Self.drive(session) }
        let before = try String(contentsOfFile: dir.path + "/stty.before", encoding: .utf8).split(separator: "\n").dropFirst()
        let after = try String(contentsOfFile: dir.path + "/stty.after", encoding: .utf8).split(separator: "\n").dropFirst()
        #expect(Array(before) == Array(after), "tty modes restored")
        let actions = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(actions.starts(with: ["select(index: 1)", "play"]))
        #expect(actions.contains("seek(toFraction: 1.0)"))
        #expect(actions.suffix(2) == ["quitOrBack", "quitOrBack"])
    }

    private static func drive(_ session: Tmux) throws {
        try session.waitFor("Nothing playing")
        session.keys("j")
        try session.waitFor("▌  Driveway")
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
        session.type("\u{1b}[M \(column)6\u{1b}[M#\(column)6")
        try session.waitFor("  0:10 ━")                       // click on the slider's last column
        session.resize(columns: 38, rows: 10)
        try session.waitFor("Terminal too small")
        session.resize(columns: 120, rows: 40)
        try session.waitFor("│─ Player: Driveway")             // side by side after the resize
        session.keys("?")
        try session.waitFor("Help: keys")
        session.keys("Escape")
        try session.waitFor("❚❚ Paused", absent: "Help: keys")
        session.keys("q")
        session.keys("q")
        try session.waitFor("CHILD_EXIT=0")
    }

    /// Runs only inside the tmux pane.
    @Test(.enabled(if: isChild))
    func tuiSmokeChildRunsTheLoop() throws {
        let terminal = try Terminal()
        defer { terminal.restore() }
        let loop = UILoop(terminal: terminal)
        let wake = try SelfPipe()
        loop.addSelfPipe(wake, name: "app")
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
        _ = FileManager.default.createFile(atPath: log, contents: nil)
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
        // The App resolves where the keys go, as the model does.
        let context: KeyContext = screen.focus == .player ? .player : .list
        screen.route = screen.overlay == nil ? .context(context) : .overlay(over: context)
        return .keepRunning
    }
}
