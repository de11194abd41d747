import Foundation
import PlaybackStates
import SystemSupport
import TestSupport
import Testing
@testable import TUI

/// The terminal's replies to the video's status requests (tmux answers `CSI 5 n` with `CSI 0 n`)
/// never turn into keys: this test binary re-runs itself in a tmux pane behind
/// scripts/slow-pty.py (100 kB/s, so replies come back all the time while frames are paced),
/// where a ``UILoop`` draws a changing picture every 40 ms and logs every action it gets. Leaked,
/// a reply would be Alt-[, `0` (volume up) and `n`. Keys typed meanwhile arrive as typed, an arrow
/// (an escape sequence) too.
@Suite(.serialized, .machineShare) struct LinkRepliesTmuxTests {
    static let env = ProcessInfo.processInfo.environment
    static let isChild = env["LINK_REPLIES_CHILD"] == "1"
    static let slowPTY = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../scripts/slow-pty.py").standardized.path

    @Test(.enabled(if: !isChild && Tmux.binary != nil && FileManager.default.fileExists(atPath: "/proc/self/exe")))
    func statusRepliesAreTakenOutAndKeysStillArrive() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("link-replies-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let exe = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let session = try Tmux(socket: "link-replies-\(getpid())")
        defer { session.kill() }
        let log = dir.appendingPathComponent("actions.log").path
        let script = """
        LINK_REPLIES_CHILD=1 LINK_REPLIES_LOG=\(log) COLORTERM=truecolor python3 '\(Self.slowPTY)' 100000 -- \
        '\(exe)' --filter linkRepliesChildDrawsAndLogs --testing-library swift-testing 2>/dev/null; \
        echo CHILD_EXIT=$?; sleep 60
        """
        session.start(columns: 100, rows: 30, command: script)
        try await Tmux.offPool {
            _ = try session.waitFor("▶ Playing")
            usleep(1_500_000)   // frames and their replies under way
            for _ in 0..<3 {
                session.keys("m")
                usleep(400_000)
            }
            session.keys("Left")   // an escape sequence, decoded by ncurses' keypad as from the terminal
            usleep(400_000)
            _ = try session.waitFor("muted")
            usleep(1_500_000)
            session.keys("q")
            _ = try session.waitFor("CHILD_EXIT=0")
        }
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        let actions = lines.filter { !$0.hasPrefix("link ") }
        #expect(actions == ["toggleMute", "toggleMute", "toggleMute", "seekBy(-5.0)", "quitOrBack"], "only the keys typed: \(lines)")
        let link = lines.first { $0.hasPrefix("link ") } ?? ""
        #expect(link.contains("acknowledged"), "the terminal's replies paced the frames: \(link)")
        let replies = Int(link.split(separator: " ").last ?? "") ?? 0
        #expect(replies >= 10, "replies came back while keys were typed: \(link)")
    }

    /// Runs only inside the tmux pane.
    @Test(.enabled(if: isChild))
    func linkRepliesChildDrawsAndLogs() throws {
        let terminal = try Terminal()
        defer { terminal.restore() }
        let loop = UILoop(terminal: terminal)
        let app = DrawingApp(log: Self.env["LINK_REPLIES_LOG"] ?? "/dev/null", loop: loop)
        loop.run(app)
        let link = loop.video.group.link
        app.log?.write(Data("link \(link.pacer.state) replies \(link.repliesReceived)\n".utf8))
    }
}

/// Plays a made-up picture into the pane every 40 ms and logs the actions it gets.
final class DrawingApp: UILoopDelegate {
    var screen = ScreenSnapshot(header: HeaderSnapshot(user: "Link", server: "tmux"),
                                list: EventListSnapshot(rows: Array(Fixtures.rows.prefix(5))))
    var nextDeadline: ContinuousClock.Instant? = .now
    let log: FileHandle?
    let loop: UILoop
    private var frame = 0

    init(log: String, loop: UILoop) {
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        self.log = FileHandle(forWritingAtPath: log)
        self.loop = loop
        screen.player = PlayerPaneSnapshot(title: "Link · replies", playback: .playing, load: .playable, duration: 60,
                                           showsVideo: true)
        screen.focus = .player
        screen.route = .context(.player)
    }

    func handle(_ event: UIEvent) -> LoopControl {
        switch event {
        case .deadline:
            let geometry = loop.video.geometry
            if geometry.showsVideo {
                frame += 1
                LinkPacerTests.picture(frame, width: geometry.pixelWidth, height: geometry.pixelHeight)
                    .with { _ = loop.video.show($0) }
            }
            nextDeadline = .now + .milliseconds(40)
        case .action(let action):
            log?.write(Data("\(action)\n".utf8))
            switch action {
            case .toggleMute: screen.player?.isMuted.toggle()
            case .quit, .quitOrBack: return .quit
            default: break
            }
        case .wake: break
        }
        return .keepRunning
    }
}
