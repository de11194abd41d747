import Foundation
import TestSupport
import Testing
@testable import TUI

/// Terminal video end to end under tmux: the bench-video harness (the real UILoop and video pane,
/// the real Player with libmpv software frames, `ao=null`) plays the demo media (ffmpeg testsrc2
/// colour bars). Needs `swift build --product bench-video` (skipped when the binary is missing).
@Suite(.serialized, .machineShare) struct TerminalVideoTmuxTests {
    static var harness: String? {
        guard let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
        while dir.path != "/", !FileManager.default.fileExists(atPath: dir.appendingPathComponent("bench-video").path) {
            dir = dir.deletingLastPathComponent()
        }
        let path = dir.appendingPathComponent("bench-video").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }
    static let media = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Resources/demo/media/ts/index.m3u8").standardized.path

    /// 24-bit colours of the cells in a `capture-pane -e` screen.
    static func colours(_ screen: String) -> [(Int, Int, Int)] {
        let pattern = /[34]8;2;(\d+);(\d+);(\d+)/
        return screen.matches(of: pattern).compactMap { match in
            guard let r = Int(match.1), let g = Int(match.2), let b = Int(match.3) else { return nil }
            return (r, g, b)
        }
    }

    @Test(.enabled(if: !TmuxSmokeTests.isChild && Tmux.binary != nil && harness != nil),
          arguments: ["half", "sextant"])
    func playsColourBarsInThePaneAndKeysStillWork(glyphs: String) async throws {
        // The screens are read on a thread of its own; the checks run here, in the test's task,
        // so a failure is reported with its message against this test.
        let seen = try await Tmux.offPool { try Self.drive(glyphs: glyphs) }
        let colours = Self.colours(seen.first)
        #expect(Set(colours.map { "\($0)" }).count > 100, "distinct colours in:\n\(seen.first)")
        // testsrc2's bars: red, green, blue and yellow are all there.
        #expect(colours.contains { $0.0 > 150 && $0.1 < 80 && $0.2 < 80 })
        #expect(colours.contains { $0.1 > 150 && $0.0 < 80 && $0.2 < 80 })
        #expect(colours.contains { $0.2 > 150 && $0.0 < 80 && $0.1 < 80 })
        #expect(colours.contains { $0.0 > 150 && $0.1 > 150 && $0.2 < 80 })
        #expect(seen.first != seen.second, "the picture moves")
        let afterHelp = Self.colours(seen.afterHelp)
        #expect(Set(afterHelp.map { "\($0)" }).count > 100, "the picture is back after the help:\n\(seen.afterHelp)")
    }

    /// What the pane showed: two screens a second apart while playing, and one after the help closed.
    struct Seen: Sendable {
        let first: String
        let second: String
        let afterHelp: String
    }

    private static func drive(glyphs: String) throws -> Seen {
        let session = try Tmux(socket: "video-e2e-\(glyphs)-\(getpid())")
        defer { session.kill() }
        let script = "env -u NO_COLOR TERM=tmux-256color COLORTERM=truecolor SSH_CONNECTION='10.0.0.1 1 10.0.0.2 22' "
            + "'\(harness!)' --glyphs \(glyphs) --seconds 90 '\(media)'; echo HARNESS_EXIT=$?; sleep 30"
        session.run(["new-session", "-d", "-x", "120", "-y", "40", "sh", "-c", script])
        try session.waitFor("▶ Playing")
        try session.waitFor(" 0:01 ")
        let first = session.run(["capture-pane", "-e", "-p"], output: true)
        usleep(1_000_000)
        let second = session.run(["capture-pane", "-e", "-p"], output: true)
        session.keys("Space")
        try session.waitFor("❚❚ Paused")
        // The help overlay covers the pane; closing it repaints the picture (no blank cells left).
        session.keys("?")
        try session.waitFor("Help: keys")
        session.keys("Escape")
        try session.waitFor("❚❚ Paused", absent: "Help: keys")
        usleep(300_000)
        let afterHelp = session.run(["capture-pane", "-e", "-p"], output: true)
        session.keys("q")
        try session.waitFor("HARNESS_EXIT=0")
        return Seen(first: first, second: second, afterHelp: afterHelp)
    }
}
