import DemoBackend
import Foundation
import TestSupport
import Testing

/// The start-up graphics probe against a terminal on a pty (`scripts/fake-graphics-terminal.py`,
/// inside tmux) that answers as a sixel terminal, a kitty one, one with both, or not at all: the
/// status bar names the mode in use, and a key pressed at once is taken (the replies never reach
/// key handling, and a silent terminal costs no more than the budget).
@Suite(.serialized) struct TUIGraphicsProbeTests {
    static let fakeTerminal = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appending(path: "scripts/fake-graphics-terminal.py")

    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(1)), arguments: [
        ("sixel", [String](), "terminal·sixel"), ("both", [], "terminal·sixel"), ("kitty", [], "terminal·half"),
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
        let script = """
        unset EVENTPLAYER_SERVER DISPLAY WAYLAND_DISPLAY; export FAKE_TERMINAL_IMAGES='\(images.path)'; \
        '\(Self.fakeTerminal.path)' \(answer) -- '\(binary.url.path)' --server \(server.baseURL.absoluteString) \
        --video terminal --no-audio \(flags.joined(separator: " ")) 2>/dev/null; echo "EXIT=$?"; sleep 60
        """
        pane.start(columns: 120, rows: 40, environment: binary.paneEnvironment, command: script)
        let screen = try await Tmux.offPool { () throws -> String in
            try pane.waitFor(" loaded")
            pane.keys("j")   // at once: the probe may still be reading the terminal
            try pane.waitUntil("j moved the selection to the second row") { TUIRedrawTests.selectedRow($0) == 3 }
            let screen = try pane.waitFor(mode)
            if !mode.hasSuffix("half") {
                // The selected event's first frame, drawn as an image.
                try pane.waitUntil("a sixel image was drawn") { _ in
                    (try? String(contentsOf: images, encoding: .utf8)).flatMap { Int($0) } ?? 0 > 0
                }
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
    }
}
