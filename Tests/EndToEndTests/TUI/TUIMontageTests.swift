import DemoBackend
import Foundation
import TestSupport
import Testing

/// The montage (`M`) in the real TUI under tmux with terminal video, against the demo backend's
/// montage scene: Front Door, Backyard and Driveway record the same minute, Carport's stream fails,
/// Garage has no footage until 20 s in (it is the fifth camera: the second page). Checked on the
/// screen: tiles with moving pictures, one slider, Space pausing every tile, a seek moving every
/// tile's time, the failing tile's error while the others play, "no recording" then Garage joining,
/// a tile alone and back, the drift in the request log; then 52 ↑ in a row: the events of a later
/// hour fetched, and the clock running again.
@Suite(.serialized, .machineShare) struct TUIMontageTests {
    static let columns = 160, rows = 50

    /// Lines `range` of the screen with their colours (pictures are colours of ▀ cells).
    static func pictures(_ pane: Tmux, rows range: ClosedRange<Int>) -> [String] {
        let lines = pane.capture(escapes: true).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return Array(lines[min(range.lowerBound, lines.count)..<min(range.upperBound + 1, lines.count)])
    }

    /// Whether the pictures in `rows` change within 30 s (a tile that is still loading has none yet;
    /// a playing one changes with every frame).
    static func moves(_ pane: Tmux, rows: ClosedRange<Int>) -> Bool {
        let first = pictures(pane, rows: rows)
        for _ in 0..<60 {
            Thread.sleep(forTimeInterval: 0.5)
            if pictures(pane, rows: rows) != first { return true }
        }
        return false
    }

    /// The times in the tiles' titles ("─ Backyard · 02:48:26 ──").
    static func titleTimes(_ screen: String, cameras: [String]) -> [String: String] {
        var times: [String: String] = [:]
        for camera in cameras {
            guard let range = screen.range(of: "\(camera) · ") else { continue }
            times[camera] = String(screen[range.upperBound...].prefix(8))
        }
        return times
    }

    /// The queries of the event fetches by time (`since`) the demo backend has seen, in order.
    static func eventFetches(_ server: DemoServer) async -> [String] {
        await server.requestLog().filter { $0.path == "/v1/events" }.compactMap(\.query).filter { $0.contains("since=") }
    }

    static func seconds(_ clock: String) -> Int? {
        let parts = clock.split(separator: ":").compactMap { Int($0) }
        return parts.count == 3 ? parts[0] * 3600 + parts[1] * 60 + parts[2] : nil
    }

    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(4)))
    func threeCamerasOnOneClockAFailingOneAndOneThatJoins() async throws {
        let binary = try Binary()
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        try #require(try await binary.login(server.baseURL).status == 0)
        let pane = try Tmux(socket: "ep-e2e-montage-\(getpid())")
        defer {
            pane.kill()
            try? FileManager.default.removeItem(at: binary.home)
        }
        let script = binary.paneScript("--server \(server.baseURL.absoluteString) --video terminal --no-audio", stderrToPane: true)
        var environment = binary.paneEnvironment
        environment["TZ"] = "UTC"
        pane.start(columns: Self.columns, rows: Self.rows, environment: environment, command: script)
        let playing = ["Backyard", "Driveway", "Front Door"]
        // The scene's Front Door event selected (the list filter), then M.
        let opened = try await Tmux.offPool { () throws -> String in
            try pane.waitFor("Person at the front")
            pane.keys("/")
            pane.type("visitor seen")
            pane.keys("Enter")
            try pane.waitFor("1 of ")
            pane.keys("M")
            return try pane.waitUntil("the montage playing", seconds: 60) { screen in
                screen.contains("▶ Playing") && screen.contains("cameras 1–4 of 5")
                    && (["Carport"] + playing).allSatisfy { screen.contains("─ \($0) · ") || screen.contains("─ ♪ \($0) · ") }
            }
        }
        // The camera it was opened from comes first (top left), then those with an event at the moment;
        // Garage, which has none, is on the second page.
        let titles = opened.split(separator: "\n").flatMap { line in
            (["Carport", "Garage"] + playing).compactMap { camera -> (String, String.Index)? in
                (line.range(of: "─ \(camera) · ") ?? line.range(of: "─ ♪ \(camera) · ")).map { (camera, $0.lowerBound) }
            }.sorted { $0.1 < $1.1 }.map(\.0)
        }
        #expect(titles.first == "Front Door", "the opening event's camera first: \(titles)")
        #expect(!titles.contains("Garage"), "no footage at the moment: the second page")
        // Carport's playlist answers 500 four times (the proxy retries) before its tile says so.
        _ = try await Tmux.offPool { try pane.waitFor("index.m3u8 failed: HTTP 500", seconds: 60) }
        let sliders = opened.split(separator: "\n").filter { $0.contains("●") && $0.contains("─") }
        #expect(sliders.count == 1, "one slider:\n\(opened)")
        // Moving pictures in the top tiles and the bottom ones (one of the four is Carport's error).
        let top = 2...23, bottom = 25...46
        let (topMoves, bottomMoves) = try await Tmux.offPool { () throws -> (Bool, Bool) in
            (Self.moves(pane, rows: top), Self.moves(pane, rows: bottom))
        }
        #expect(topMoves && bottomMoves, "every playing tile's picture moves")
        // The drift of each tile is in the request log.
        let log = try await Tmux.offPool { () throws -> String in
            pane.keys("d")
            let screen = try pane.waitUntil("every playing tile's drift measured", seconds: 60) { screen in
                screen.contains("Montage sync") && playing.allSatisfy { camera in
                    screen.split(separator: "\n").contains { $0.contains(camera) && $0.contains(" ms ") }
                }
            }
            pane.keys("Escape")
            try pane.waitUntil("the log closed") { !$0.contains("Montage sync") }
            return screen
        }
        for camera in playing {
            // Measured while playing: a number of milliseconds (how close is the engine's test's to say).
            #expect(log.split(separator: "\n").contains { $0.contains(camera) && $0.contains(" ms ") }, "\(camera)'s drift:\n\(log)")
        }
        // Space pauses every tile: nothing moves.
        let still = try await Tmux.offPool { () throws -> Bool in
            pane.keys("Space")
            try pane.waitFor("❚❚ Paused")
            // The pause puts every tile on the clock's moment (a precise seek each); then nothing moves.
            for _ in 0..<10 {
                let before = Self.pictures(pane, rows: 2...46)
                Thread.sleep(forTimeInterval: 1.5)
                if Self.pictures(pane, rows: 2...46) == before { return true }
            }
            return false
        }
        #expect(still, "paused: no tile moves")
        // A seek moves every tile: their titles show the clock 5 s later, every tile the same second
        // once the seeks have landed (a loaded machine can show one tile's title before its
        // precise seek is done, so the screen is watched until they agree or the time is up).
        let beforeSeek = Self.titleTimes(pane.capture(), cameras: playing)
        let afterSeek = try await Tmux.offPool { () throws -> [String: String] in
            pane.keys("Right")
            var times: [String: String] = [:]
            _ = try? pane.waitUntil("every tile 5 s later, at the same second") { screen in
                times = Self.titleTimes(screen, cameras: playing)
                return Set(times.values).count == 1 && playing.allSatisfy { camera in
                    guard let was = beforeSeek[camera].flatMap(Self.seconds), let now = times[camera].flatMap(Self.seconds) else { return false }
                    return now - was >= 4 && now - was <= 6
                }
            }
            return times
        }
        #expect(Set(afterSeek.values).count == 1, "every tile at the same second: \(afterSeek)")
        #expect(playing.allSatisfy { camera in
            guard let was = beforeSeek[camera].flatMap(Self.seconds), let now = afterSeek[camera].flatMap(Self.seconds) else { return false }
            return now - was >= 4 && now - was <= 6
        }, "every tile 5 s later: \(beforeSeek) → \(afterSeek)")
        // The second page: Garage has no footage yet, then joins when its event begins.
        try await Tmux.offPool {
            // 20 s back first: on a loaded machine the clock may already be past Garage's start
            // (the scene's minute + 20 s), and then it would be playing, not waiting.
            for _ in 0..<4 { pane.keys("Left") }
            pane.keys("PgDn")
            try pane.waitUntil("Garage waiting", seconds: 30) { $0.contains("Garage · ") && $0.contains("no recording · next") }
            pane.keys("Space")   // a new page starts paused like the one before
            try pane.waitFor("▶ Playing")
            try pane.waitUntil("Garage joined", seconds: 60) { !$0.contains("no recording") && $0.contains("Garage · ") }
            #expect(Self.moves(pane, rows: 2...46), "Garage's picture moves")
            // Back to the first page; the heard tile alone, the grid again, then the list.
            pane.keys("PgUp")
            try pane.waitUntil("the first page") { $0.contains("cameras 1–4 of 5") && $0.contains("Carport · ") }
            pane.keys("Enter")
            try pane.waitUntil("one tile alone") { screen in
                (["Carport"] + playing).filter { screen.contains("\($0) · ") }.count == 1
            }
            pane.keys("Escape")
            try pane.waitUntil("the grid again") { screen in (["Carport"] + playing).allSatisfy { screen.contains("\($0) · ") } }
        }
        // 52 ↑ in a row (a held key, one series of seeks): the clock ends 52 minutes on, near the
        // end of the events the montage fetched (an hour after its moment), so it asks for those
        // around its new moment.
        let fetchesBefore = await Self.eventFetches(server)
        try await Tmux.offPool { for _ in 0..<52 { pane.keys("Up") } }
        var fetchesAfter = fetchesBefore
        for _ in 0..<100 where fetchesAfter.count == fetchesBefore.count {
            try await Task.sleep(for: .milliseconds(200))
            fetchesAfter = await Self.eventFetches(server)
        }
        #expect(fetchesAfter.count > fetchesBefore.count, "no new fetch of events after 52 minutes on: \(fetchesAfter)")
        #expect(fetchesAfter.last.map { !fetchesBefore.contains($0) } == true, "a new stretch of time: \(fetchesAfter)")
        try await Tmux.offPool {
            try pane.waitUntil("the clock running again") { !$0.contains("waiting for tiles") && $0.contains("▶ Playing") }
            pane.keys("Escape")
            try pane.waitUntil("the list") { $0.contains("Camera") && !$0.contains("cameras 1–4") }
            pane.keys("q")
            pane.keys("q")
            try pane.waitFor("EXIT=0")
        }
    }
}
