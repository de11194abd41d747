import DemoBackend
import Foundation
import TestSupport
import Testing

/// The real `eventplayer` TUI drawing video in its pane: over "SSH" with `--video auto`
/// and with `--video terminal`, against the demo backend in-process, real libmpv, no audio.
@Suite(.serialized, .machineShare) struct TUITerminalVideoTests {
    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(2)), arguments: [
        ["--video", "auto"], ["--video", "terminal", "--video-glyphs", "sextant"],
    ])
    func theVideoPlaysInThePaneWhileKeysStillWork(flags: [String]) async throws {
        let binary = try Binary()
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        try #require(try await binary.login(server.baseURL).status == 0)
        let pane = try Tmux(socket: "ep-video-\(flags.count)-\(getpid())")
        defer {
            pane.kill()
            try? FileManager.default.removeItem(at: binary.home)
        }
        let script = binary.paneScript("--server \(server.baseURL.absoluteString) --no-audio \(flags.joined(separator: " "))",
                                       exports: ["DISPLAY": ":0", "TERM": "tmux-256color", "COLORTERM": "truecolor",
                                                 "SSH_CONNECTION": "10.0.0.1 1 10.0.0.2 22"],
                                       unsetting: ["NO_COLOR"], stderrToPane: true)
        pane.start(columns: 120, rows: 40, environment: binary.paneEnvironment, command: script)
        let (first, second, paused, picker, help) = try await Tmux.offPool { () throws -> (String, String, String, String, String) in
            try pane.waitFor(" loaded")
            try pane.filterToTheLiveEvent()
            pane.keys("Enter")
            try pane.waitUntil("playing past 0:01") { $0.contains("▶ Playing") && (ScreenReading.sliderSeconds($0) ?? 0) >= 1 }
            let first = pane.capture(escapes: true)
            usleep(1_000_000)
            let second = pane.capture(escapes: true)
            // The camera picker covers part of the pane: frames must not be drawn over it.
            pane.keys("c")
            try pane.waitFor("Enter picks · Esc closes")
            usleep(1_000_000)
            let picker = pane.capture()
            pane.keys("Escape")
            try pane.waitUntil("the picker closed") { !$0.contains("Enter picks") }
            // The same for the help overlay: its blank cells are written over the video.
            pane.keys("?")
            try pane.waitFor("Help: keys")
            usleep(500_000)
            let help = pane.capture()
            pane.keys("Escape")
            try pane.waitUntil("the help closed") { !$0.contains("Help: keys") }
            pane.keys("Space")
            let paused = try pane.waitFor("❚❚ Paused")
            pane.keys("q")
            pane.keys("q")
            try pane.waitFor("EXIT=0")
            return (first, second, paused, picker, help)
        }
        let colours = ScreenReading.colours(first)
        #expect(colours.count > 100, "many distinct colours in the pane: \(colours.count)")
        let rgb = colours.map { $0.split(separator: ",").compactMap { Int($0) } }
        #expect(rgb.contains { $0[0] > 150 && $0[1] < 80 && $0[2] < 80 }, "testsrc2's red bar")
        #expect(rgb.contains { $0[2] > 150 && $0[0] < 80 && $0[1] < 80 }, "testsrc2's blue bar")
        #expect(first != second, "the picture changes between captures a second apart")
        #expect((ScreenReading.sliderSeconds(paused) ?? 0) >= 1)
        // Every row of the box ends in its border, none in video cells.
        let rows = picker.split(separator: "\n").filter { $0.contains("│ • All cameras") || $0.contains("│   Garage") || $0.contains("Esc closes") }
        #expect(rows.count == 3, "the picker after a second of video:\n\(picker)")
        #expect(rows.allSatisfy { $0.contains(/(All cameras|Garage) +│|Esc closes ─┘/) }, "rows cut by video cells:\n\(picker)")
        // Inside the help box's borders (the frozen picture may show to its right).
        let helpRows = help.split(separator: "\n").filter { $0.contains("Select the previous event") || $0.contains("One page up") }
            .compactMap { row in row.firstIndex(of: "│").flatMap { start in row.lastIndex(of: "│").map { row[start..<$0] } } }
        #expect(helpRows.count == 2 && !helpRows.contains { $0.contains(/[\u{2580}-\u{259F}\u{1FB00}-\u{1FB3B}]/) },
                "help rows with video cells in them:\n\(help)")
    }

    /// Nothing plays, the selection rests on an event: its first frame fills the pane (the same
    /// cell renderer), the pane's title names the event, and the status bar names the video
    /// mode; Enter still plays, and the status bar shows the proxy's download rate.
    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(2)))
    func theSelectedEventsFirstFrameShowsWithoutPlaying() async throws {
        let binary = try Binary()
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        try #require(try await binary.login(server.baseURL).status == 0)
        let pane = try Tmux(socket: "ep-still-\(getpid())")
        defer {
            pane.kill()
            try? FileManager.default.removeItem(at: binary.home)
        }
        let script = binary.paneScript("--server \(server.baseURL.absoluteString) --no-audio --video terminal --video-glyphs sextant",
                                       exports: ["TERM": "tmux-256color", "COLORTERM": "truecolor"],
                                       unsetting: ["NO_COLOR"], stderrToPane: true)
        pane.start(columns: 120, rows: 40, environment: binary.paneEnvironment, command: script)
        let (still, text, playing) = try await Tmux.offPool { () throws -> (String, String, String) in
            try pane.waitFor(" loaded")
            // The first event's still, then again at the new size after a resize (nothing else
            // happens meanwhile: the resize alone must bring it back).
            try pane.waitUntil("the first event's still", escapes: true) { ScreenReading.colours($0).count > 100 }
            pane.resize(columns: 110, rows: 36)
            try pane.waitUntil("the still again after a resize", escapes: true) { ScreenReading.colours($0).count > 100 }
            // `v` (a player key): video off erases the picture (no stale cells around the poster),
            // on brings it back.
            pane.keys("Tab")
            pane.keys("v")
            try pane.waitUntil("the picture erased with video off", escapes: true) {
                ScreenReading.colours($0).isEmpty && $0.contains("Nothing playing")
            }
            pane.keys("v")
            try pane.waitUntil("the still with video on", escapes: true) { ScreenReading.colours($0).count > 100 }
            pane.keys("Tab")
            pane.keys("/")
            pane.type("person at the front")
            pane.keys("Enter")
            try pane.waitUntil("the filtered list") { $0.contains("Person at the fron") && $0.contains("1 of ") }
            let still = try pane.waitUntil("the first frame in the pane", escapes: true) { ScreenReading.colours($0).count > 100 }
            let text = pane.capture()
            pane.keys("Enter")
            _ = try pane.waitFor("▶ Playing")
            // The proxy's download rate on the status bar (the list's "↓ more events" line is not it).
            let playing = try pane.waitUntil("the download rate") { $0.contains(/↓ \d+(\.\d)? (B|kB|MB)\/s/) }
            pane.keys("q")
            pane.keys("q")
            try pane.waitFor("EXIT=0")
            return (still, text, playing)
        }
        let rgb = ScreenReading.colours(still).map { $0.split(separator: ",").compactMap { Int($0) } }
        #expect(rgb.contains { $0[0] > 150 && $0[1] < 80 && $0[2] < 80 }, "testsrc2's red bar")
        #expect(rgb.contains { $0[2] > 150 && $0[0] < 80 && $0[1] < 80 }, "testsrc2's blue bar")
        #expect(text.contains("Player: Front Door · Person at the front"), "the pane's title names the selected event")
        let slider = text.split(separator: "\n").first { $0.contains("●") }.map(String.init) ?? ""
        #expect(slider.contains("0:00") && slider.contains("0:10"), "the slider at the start, with the event's length: \(slider)")
        #expect(!text.contains("Nothing playing"))
        #expect(!text.contains("▶ Playing"), "nothing played for the still")
        #expect(text.contains("terminal·sextant"), "the status bar names the video mode")
        #expect(playing.contains("terminal·sextant"))
        #expect(playing.contains(/↓ \d+(\.\d)? (B|kB|MB)\/s/), "the download rate while the proxy downloads")
    }
}
