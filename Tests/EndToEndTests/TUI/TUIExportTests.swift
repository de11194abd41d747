import DemoBackend
import Foundation
import TestSupport
import Testing

/// `e` in the real TUI under tmux against the demo backend in-process: the selected event is
/// exported to `export-dir` while another one plays; the status bar shows progress, then the path;
/// ffprobe reads the file. Quitting mid-export leaves only the `.part` (and its journal), which the
/// next export resumes.
@Suite(.serialized, .machineShare) struct TUIExportTests {
    static func start(_ binary: Binary, _ server: DemoServer, _ pane: Tmux, exports: URL) throws {
        let config = binary.home.appending(path: "config/eventplayer")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "export-dir = \"\(exports.path)\"\n".write(to: config.appending(path: "config.toml"), atomically: true, encoding: .utf8)
        let script = binary.paneScript("--server \(server.baseURL.absoluteString) --video none --no-audio", stderrToPane: true)
        pane.start(columns: 120, rows: 40, environment: binary.paneEnvironment, command: script)
    }

    /// The player's slider time at 120 columns: the player pane is the right half (the list's live
    /// row has a ● too).
    static func slider(_ screen: String) -> Int? {
        let right = screen.split(separator: "\n").map { String($0.dropFirst(61)) }.joined(separator: "\n")
        return ScreenReading.sliderSeconds(right)
    }

    static func files(_ directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(2)))
    func exportTheSelectedEventWhileAnotherPlays() async throws {
        let binary = try Binary()
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        try #require(try await binary.login(server.baseURL).status == 0)
        let pane = try Tmux(socket: "ep-e2e-export-\(getpid())")
        defer {
            pane.kill()
            try? FileManager.default.removeItem(at: binary.home)
        }
        let exports = binary.home.appending(path: "exports")
        // evt-fmp4's media comes slowly, so the export runs for a few seconds of playback.
        await server.faults.delay(seconds: 1.5, pathPrefix: "/media/180-days/evt-fmp4/")
        try Self.start(binary, server, pane, exports: exports)
        let (atExport, duringExport) = try await Tmux.offPool { () throws -> (Int, [Int]) in
            try pane.waitFor("Person at the front")
            pane.keys("j", "Enter")    // evt-endlist plays
            let playing = try pane.waitUntil("playing") { $0.contains("▶ Playing") && (Self.slider($0) ?? 0) >= 1 }
            let atExport = Self.slider(playing) ?? 0
            pane.keys("Tab", "j", "j")  // the list: evt-fmp4 (Animal in the backyard)
            pane.keys("e")
            try pane.waitUntil("export progress on the status bar") { $0.contains("export ") && $0.contains("%") && $0.contains("ETA") }
            // The slider while the export's progress is on the status bar.
            var during: [Int] = []
            let saved = try pane.waitUntil("Saved", seconds: 40) { screen in
                if screen.contains("% "), screen.contains("ETA"), let seconds = Self.slider(screen) { during.append(seconds) }
                return screen.contains("Saved ")
            }
            #expect(saved.contains(exports.path), "the path is shown:\n\(saved)")
            // The same event again: never overwritten (the CLI's rule, never forced), and the
            // message says what to do in the TUI's words.
            pane.keys("e")
            try pane.waitFor("✖ Export failed: ")
            pane.keys("d")                 // the whole text: the path is long
            try pane.waitUntil("the whole error") {
                $0.replacingOccurrences(of: "\n", with: "").contains("exists: move or delete it to export again")
            }
            pane.keys("Escape", "Escape")
            return (atExport, during)
        }
        #expect(duringExport.contains { $0 > atExport }, "playback went on during the export: \(atExport) then \(duringExport)")
        let names = Self.files(exports)
        try #require(names.count == 1 && names[0].hasPrefix("Backyard_") && names[0].hasSuffix(".mp4"), "\(names)")
        let probe = try await FFprobe.probe(exports.appending(path: names[0]))
        #expect(probe.streamTypes.contains("video"))
        #expect(abs(probe.duration - 10) <= 2, "duration \(probe.duration)")
        let segments = await server.requestLog().filter { $0.path.hasPrefix("/media/180-days/evt-fmp4/") }
        #expect(segments.count >= 6, "init and segments fetched: \(segments.map(\.path))")
        try await Tmux.offPool {
            pane.keys("q")
            try pane.waitFor("EXIT=0")
        }
    }

    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(2)))
    func quittingMidExportKeepsThePartAndTheNextExportResumes() async throws {
        let binary = try Binary()
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        try #require(try await binary.login(server.baseURL).status == 0)
        let pane = try Tmux(socket: "ep-e2e-export-quit-\(getpid())")
        defer {
            pane.kill()
            try? FileManager.default.removeItem(at: binary.home)
        }
        let exports = binary.home.appending(path: "exports")
        // The first two pieces come at once, the rest hang long enough to quit in the middle.
        await server.faults.delay(seconds: 30, pathPrefix: "/media/30-days/evt-endlist/segment2")
        try Self.start(binary, server, pane, exports: exports)
        try await Tmux.offPool {
            try pane.waitFor("Person at the front")
            pane.keys("j", "e")
            try Tmux.poll("two pieces in the journal", read: {
                let journal = Self.files(exports).first { $0.hasSuffix(".part.json") }
                return journal.flatMap { try? String(contentsOf: exports.appending(path: $0), encoding: .utf8) } ?? ""
            }) { $0.contains("segment1") }
            pane.keys("q")
            try pane.waitFor("An export is running")
            pane.keys("q")
            try pane.waitFor("EXIT=0", seconds: 10)
        }
        let left = Self.files(exports)
        #expect(left.allSatisfy { $0.hasSuffix(".part") || $0.hasSuffix(".part.json") }, "only the .part and its journal: \(left)")
        #expect(left.contains { $0.hasSuffix(".ts.part") })
        // The CLI's export (same export-dir) resumes and completes.
        await server.faults.reset()
        let rerun = try await binary.run(["export", "evt-endlist", "--server", server.baseURL.absoluteString])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(rerun.stdout.contains("resuming"), "\(rerun.stdout)")
        let names = Self.files(exports)
        try #require(names.count == 1 && names[0].hasSuffix(".ts"), "\(names)")
        let probe = try await FFprobe.probe(exports.appending(path: names[0]))
        #expect(abs(probe.duration - 10) <= 2, "duration \(probe.duration)")
    }
}
