import DemoBackend
import Foundation
import TestSupport
import Testing

/// The start-up graphics probe against a terminal on a pty (`scripts/fake-graphics-terminal.py`,
/// inside tmux) that answers as a sixel terminal, a kitty one (over SSH, or on this machine: it reads
/// shared memory), one with both, or not at all: the status bar names the mode in use, and a key
/// pressed at once is taken (the replies never reach key handling, and a silent terminal costs no
/// more than the budget). A kitty on this machine gets its images through shared memory, and no
/// object is left behind.
@Suite(.serialized, .machineShare) struct TUIGraphicsProbeTests {
    static let fakeTerminal = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appending(path: "scripts/fake-graphics-terminal.py")

    /// What the fake terminal counted: images, images read from shared memory, the command's pid.
    static func counts(_ file: URL) -> [Int] {
        ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: " ").compactMap { Int($0) }
    }

    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(1)), arguments: [
        ("sixel", [String](), "terminal·sixel"), ("both", [], "terminal·sixel"), ("kitty", [], "terminal·kitty"),
        ("kitty+local", [], "terminal·kitty"), ("both+local", [], "terminal·kitty"),
        ("none", [], "terminal·half"), ("sixel", ["--video-protocol", "cells"], "terminal·half"),
        // Sixel needs the cell size in pixels; a terminal that says nothing (and whose window
        // size has no pixels) keeps cells even when sixel is asked for.
        ("none", ["--video-protocol", "sixel"], "terminal·half"),
        ("kitty", ["--video-protocol", "sixel"], "terminal·sixel"), ("sixel", ["--video-protocol", "kitty"], "terminal·kitty"),
    ])
    func theStatusBarNamesWhatTheTerminalDraws(answer: String, flags: [String], mode: String) async throws {
        let binary = try Binary()
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        try #require(try await binary.login(server.baseURL).status == 0)
        let pane = try Tmux(socket: "ep-e2e-probe-\(answer)-\(flags.count)-\(getpid())")
        defer {
            pane.run(["kill-server"])
            try? FileManager.default.removeItem(at: binary.home)
        }
        let images = binary.home.appending(path: "images")
        let script = binary.paneScript("--server \(server.baseURL.absoluteString) --video terminal --no-audio \(flags.joined(separator: " "))",
                                       launcher: "'\(Self.fakeTerminal.path)' \(answer) --", exports: ["FAKE_TERMINAL_IMAGES": images.path])
        pane.start(columns: 120, rows: 40, environment: binary.paneEnvironment, command: script)
        let screen = try await Tmux.offPool { () throws -> String in
            try pane.waitFor(" loaded")
            pane.keys("j")   // at once: the probe may still be reading the terminal
            try pane.waitUntil("j moved the selection to the second row") { ScreenReading.selectedLine($0) == 3 }
            let screen = try pane.waitFor(mode)
            if !mode.hasSuffix("half") {
                // The selected event's first frame, drawn as an image.
                try pane.waitUntil("an image was drawn") { _ in Self.counts(images).first ?? 0 > 0 }
            }
            pane.keys("q")
            try pane.waitFor("EXIT=0")
            return screen
        }
        #expect(screen.contains(mode))
        #expect(!screen.contains("62;") && !screen.contains("Gi=31") && !screen.contains("fake-terminal"),
                "a reply reached the screen:\n\(screen)")
        if mode.hasSuffix("half") {
            #expect(!FileManager.default.fileExists(atPath: images.path), "an image in cell mode")
        }
        let drawn = Self.counts(images)
        if answer.hasSuffix("+local"), flags.isEmpty {
            #expect(drawn.count == 3 && drawn[1] > 0, "the images came through shared memory: \(drawn)")
        } else if drawn.count == 3 {
            #expect(drawn[1] == 0, "shared memory is used only when the terminal is on this machine: \(drawn)")
        }
        if drawn.count == 3 {
            let left = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/shm")) ?? []
            #expect(!left.contains { $0.hasPrefix("eventplayer-\(drawn[2])-") }, "shared memory left behind: \(left)")
        }
    }

    static let slowPTY = fakeTerminal.deletingLastPathComponent().appending(path: "slow-pty.py")

    /// A sixel terminal behind a 100 kB/s link: each sixel picture would hold the link (and every
    /// key) for far more than 0.1 s, so once playing the pane gives way to cells (half blocks, or
    /// their smaller picture if even those are too big) and the status bar says why; keys still work.
    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(1)))
    func aLinkTooSlowForSixelGetsCellsAndSaysSo() async throws {
        let binary = try Binary()
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        try #require(try await binary.login(server.baseURL).status == 0)
        let pane = try Tmux(socket: "ep-e2e-slow-sixel-\(getpid())")
        defer {
            pane.run(["kill-server"])
            try? FileManager.default.removeItem(at: binary.home)
        }
        let script = binary.paneScript("--server \(server.baseURL.absoluteString) --video terminal --no-audio",
                                       launcher: "'\(Self.fakeTerminal.path)' sixel -- python3 '\(Self.slowPTY.path)' 100000 --")
        pane.start(columns: 120, rows: 40, environment: binary.paneEnvironment, command: script)
        let screen = try await Tmux.offPool { () throws -> String in
            try pane.waitFor(" loaded")
            try pane.waitFor("terminal·sixel")
            pane.keys("Enter")
            // Frames and the player's state reach the screen by different paths: under load the
            // step down can show a moment before "▶ Playing" does, so wait for a screen with both.
            let screen = try pane.waitUntil("the step down while playing", seconds: 30) {
                $0.contains(", link too slow for sixel") && $0.contains("▶")
            }
            pane.keys("q")
            usleep(500_000)
            pane.keys("q")
            try pane.waitFor("EXIT=0", seconds: 15)
            return screen
        }
        #expect(screen.contains("terminal·half") || screen.contains("terminal·sextant") || screen.contains("terminal·quadrant"),
                "cells took over from sixel:\n\(screen)")
    }

    /// The last sixel image's size the fake terminal saw ("WxH" in its counts file).
    static func lastImageSize(_ file: URL) -> (width: Int, height: Int)? {
        let fields = ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: " ")
        guard fields.count == 4 else { return nil }
        let size = fields[3].split(separator: "x").compactMap { Int($0) }
        return size.count == 2 && size[0] > 0 ? (size[0], size[1]) : nil
    }

    /// A terminal whose window size has no pixels said its cell size when asked; after a font
    /// change (a SIGWINCH) eventplayer asks again and the pane's images follow the new cell size.
    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(1)))
    func aFontChangeIsAskedAgainAndImagesFollowTheNewCellSize() async throws {
        let binary = try Binary()
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        try #require(try await binary.login(server.baseURL).status == 0)
        let pane = try Tmux(socket: "ep-e2e-font-\(getpid())")
        defer {
            pane.run(["kill-server"])
            try? FileManager.default.removeItem(at: binary.home)
        }
        let images = binary.home.appending(path: "images"), cell = binary.home.appending(path: "cell")
        try "8x16".write(to: cell, atomically: true, encoding: .utf8)
        let script = binary.paneScript("--server \(server.baseURL.absoluteString) --video terminal --no-audio",
                                       launcher: "'\(Self.fakeTerminal.path)' sixel --",
                                       exports: ["FAKE_TERMINAL_IMAGES": images.path, "FAKE_TERMINAL_CELL_FILE": cell.path])
        pane.start(columns: 120, rows: 40, environment: binary.paneEnvironment, command: script)
        let (before, after) = try await Tmux.offPool { () throws -> ((width: Int, height: Int), (width: Int, height: Int)) in
            try pane.waitFor("terminal·sixel")
            try pane.waitUntil("a still as sixel") { _ in Self.lastImageSize(images) != nil }
            let before = try #require(Self.lastImageSize(images))
            try "12x24".write(to: cell, atomically: true, encoding: .utf8)
            let pid = try #require(Self.counts(images).dropFirst(2).first)
            kill(pid_t(pid), SIGWINCH)   // what the terminal sends after a font change
            try pane.waitUntil("the still redrawn at the new cell size") { _ in
                Self.lastImageSize(images).map { $0.width != before.width } ?? false
            }
            let after = try #require(Self.lastImageSize(images))
            pane.keys("q")
            try pane.waitFor("EXIT=0")
            return (before, after)
        }
        #expect(before.width % 8 == 0 && after.width == before.width / 8 * 12, "\(before) then \(after)")
        #expect(after.height > before.height)
    }
}
