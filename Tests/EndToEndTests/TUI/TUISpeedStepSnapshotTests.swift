import DemoBackend
import Foundation
import TestSupport
import Testing

/// The review keys in the real TUI (tmux, 100×30, demo backend in-process, real libmpv
/// without audio): `]` twice shows 1.21× and `}` doubles it, the slider then runs faster than the
/// clock; `.` / `,` step one frame while paused (the slider shows hundredths); `S` writes a PNG of
/// the video's size under $XDG_PICTURES_DIR/eventplayer; the speed stays for the next event.
@Suite(.serialized, .machineShare) struct TUISpeedStepSnapshotTests {
    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(3)), arguments: [["--video", "none"], ["--video", "terminal"]])
    func speedFrameStepAndSnapshot(flags: [String]) async throws {
        let binary = try Binary()
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        try #require(try await binary.login(server.baseURL).status == 0)
        let pictures = binary.home.appending(path: "pictures")
        let pane = try Tmux(socket: "ep-review-\(flags[1])-\(getpid())")
        defer {
            pane.kill()
            try? FileManager.default.removeItem(at: binary.home)
        }
        let script = binary.paneScript("--server \(server.baseURL.absoluteString) --no-audio \(flags.joined(separator: " "))",
                                       exports: ["TERM": "tmux-256color", "XDG_PICTURES_DIR": pictures.path],
                                       unsetting: ["NO_COLOR"], stderrToPane: true)
        pane.start(columns: 100, rows: 30, environment: binary.paneEnvironment, command: script)
        let run = try await Tmux.offPool { () throws -> Run in try Self.drive(pane) }
        #expect(run.mediaSeconds / run.wallSeconds > 1.4,
                "at 2.42× the slider ran \(run.mediaSeconds) s in \(run.wallSeconds) s of wall time")
        #expect(abs(run.stepped - run.paused - 0.04) < 0.015, "one frame at 25 fps: \(run.paused) -> \(run.stepped)")
        #expect(abs(run.back - run.paused) < 0.015, "one frame back: \(run.stepped) -> \(run.back)")
        let files = try FileManager.default.contentsOfDirectory(atPath: pictures.appending(path: "eventplayer").path)
        #expect(files.count == 1, "\(files)")
        let file = try #require(files.first)
        #expect(file.hasPrefix("Front-Door_") && file.hasSuffix(".png"), "\(file)")
        #expect(run.message.contains("~/pictures/eventplayer/" + file), "the status line names the file: \(run.message)")
        let probe = try await FFprobe.probe(pictures.appending(path: "eventplayer/\(file)"))
        #expect(probe.streamTypes == ["video"])
        #expect(probe.width == 320 && probe.height == 180, "the demo video's size: \(String(describing: probe.width))×\(String(describing: probe.height))")
    }

    struct Run: Sendable {
        var mediaSeconds = 0.0, wallSeconds = 0.0
        var paused = 0.0, stepped = 0.0, back = 0.0
        var message = ""
    }

    private static func drive(_ pane: Tmux) throws -> Run {
        var run = Run()
        try pane.waitFor(" loaded")
        try pane.filterToTheLiveEvent()
        pane.keys("Enter")
        try pane.waitUntil("playing past 0:01") { $0.contains("▶ Playing") && (ScreenReading.sliderSeconds($0) ?? 0) >= 1 }
        // Paused while the speed keys are checked: playing on, the 10 s event at 2.42× could reach
        // its end before Home on a loaded machine (CI once did: Home then found it ended and paused).
        pane.keys("Space")
        try pane.waitUntil("paused before the speed keys") { $0.contains("❚❚ Paused") }
        // Speed: ] ] is 1.21× on the status bar; } doubles it; the slider outruns the clock.
        pane.keys("]")
        pane.keys("]")
        try pane.waitUntil("1.21× on the status bar") { ScreenReading.statusBar($0).contains("1.21×") }
        pane.keys("}")
        try pane.waitUntil("2.42× on the status bar") { ScreenReading.statusBar($0).contains("2.42×") }
        pane.keys("Home")
        try pane.waitUntil("paused at the start") { $0.contains("❚❚ Paused") && (ScreenReading.sliderSeconds($0) ?? 9) == 0 }
        pane.keys("Space")
        let start = try pane.waitUntil("playing from the start") { $0.contains("▶ Playing") && (ScreenReading.sliderSeconds($0) ?? 9) <= 1 }
        let t0 = Date()
        let s0 = ScreenReading.sliderSeconds(start) ?? 0
        let later = try pane.waitUntil("the slider 5 s further") { (ScreenReading.sliderSeconds($0) ?? 0) >= s0 + 5 }
        run.wallSeconds = Date().timeIntervalSince(t0)
        run.mediaSeconds = Double((ScreenReading.sliderSeconds(later) ?? 0) - s0)
        // Frame steps while paused: the slider shows hundredths.
        pane.keys("Home")
        pane.keys("Space")
        try pane.waitUntil("paused near the start") { $0.contains("❚❚ Paused") && (ScreenReading.sliderSeconds($0) ?? 9) < 5 }
        // The hundredths show at once (the position before the step), then the stepped frame's.
        pane.keys(".")
        run.paused = try ScreenReading.settledTime(pane, "a precise time after the first step") { _ in true }
        pane.keys(".")
        run.stepped = try ScreenReading.settledTime(pane, "the next frame") { $0 > run.paused }
        pane.keys(",")
        run.back = try ScreenReading.settledTime(pane, "the frame before") { $0 < run.stepped }
        // Snapshot: the status line names the file.
        pane.keys("S")
        let saved = try pane.waitFor("Snapshot saved: ")
        run.message = saved.split(separator: "\n").first { $0.contains("Snapshot saved: ") }.map(String.init) ?? ""
        // The speed stays for the next event.
        pane.keys("Tab")
        pane.keys("/")
        pane.keys("C-u")
        pane.type("evt-fmp4")
        pane.keys("Enter")
        try pane.waitUntil("the fMP4 event only") { $0.contains("Animal in the") && $0.contains("1 of ") }
        pane.keys("Enter")
        try pane.waitUntil("the next event playing at 2.42×") {
            $0.contains("evt-fmp4") && $0.contains("▶ Playing") && ScreenReading.statusBar($0).contains("2.42×")
        }
        pane.keys("q")
        pane.keys("q")
        try pane.waitFor("EXIT=0")
        return run
    }
}
