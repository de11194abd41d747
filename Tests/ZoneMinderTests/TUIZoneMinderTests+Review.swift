import Foundation
import TestSupport
import Testing

/// The review tools on a real ZoneMinder event, and its token expiring in the middle of a
/// playback. mpv's cache is made smaller than the 10 s test event (`demuxer-max-bytes`,
/// `demuxer-max-back-bytes`), as it is for a real event of an hour: a seek back must fetch the MP4
/// again, through the proxy, so the expiry is met by a real request.
extension TUIZoneMinderTests {
    /// The selected event's still in the pane, speed (`{`, `Backspace`), a frame step (`.`), a snapshot (`S`);
    /// then the access token expires on the server (a token signed with its secret, valid for
    /// 40 s while the stored session says two hours, as after a clock step or a shortened
    /// `AUTH_HASH_TTL`): `Home` reads the MP4 again, ZoneMinder answers its login page, the proxy
    /// takes a fresh token with the refresh token and the playback goes on to its end without a
    /// refusal reaching the player. Then `>`, `<` and auto-advance (`a`) through ZoneMinder's list.
    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(4)))
    func reviewToolsAndATokenThatExpiresDuringPlayback() async throws {
        let (zm, binary, listed, _) = try await Self.signedIn(finished: (frontDoor: 3, backYard: 2))
        // A finished Front door event with two finished events after it, for > and auto-advance:
        // the newest finished one may have the Modect monitor's motion event, still in
        // progress, just below it (it started a little earlier and is longer).
        let row = try #require(listed.indices.first { index in
            listed[index]["cameraName"] as? String == "Front door" && index + 2 < listed.count
                && listed[index...(index + 2)].allSatisfy { $0["endTime"] != nil }
        }, "a finished Front door event with two finished events after it: \(listed.prefix(8).map { ($0["cameraName"] ?? "", $0["endTime"] ?? "live") })")

        let sessionFile = binary.home.appending(path: "state/eventplayer/session.json")
        var session = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: sessionFile)) as? [String: Any])
        session["accessToken"] = try ZoneMinderCommandTests.forgedToken(zm, expiresIn: 40)
        let expires = Date().addingTimeInterval(40)
        try ZoneMinderCommandTests.store(session, in: sessionFile)

        // The server records an event every 10 s: following would insert them above the list's
        // first rows (at its top the rows move down), and this test reads the next event's row by
        // its line. Following on ZoneMinder is TUIFollowTests' subject, not this one's.
        let config = binary.home.appending(path: "config/eventplayer")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data("follow = false\n".utf8).write(to: config.appending(path: "config.toml"))

        let pictures = binary.home.appending(path: "pictures")
        let pane = try Tmux(socket: "ep-e2e-zoneminder-review-\(getpid())")
        defer {
            pane.kill()
            try? FileManager.default.removeItem(at: binary.home)
        }
        let script = binary.paneScript(
            "--server \(zm.server) --video terminal --no-audio --mpv-option demuxer-max-bytes=64KiB --mpv-option demuxer-max-back-bytes=0",
            exports: ["TERM": "tmux-256color", "COLORTERM": "truecolor", "XDG_PICTURES_DIR": pictures.path], unsetting: ["NO_COLOR"])
        pane.start(columns: 140, rows: 44, environment: binary.paneEnvironment, command: script)
        let run = try await Tmux.offPool { () throws -> ReviewRun in try Self.review(pane, row: row, expires: expires) }

        #expect(run.stillWithoutPlaying, "the still showed with nothing playing")
        #expect(run.playingBeforeExpiry, "the playback began before the token expired")
        #expect(run.playedAfterExpiry, "playing after the expiry: \(run.screens.last ?? "")")
        #expect(run.stepped > run.paused, "a frame step forward: \(run.paused) -> \(run.stepped)")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: pictures.appending(path: "eventplayer").path)) ?? []
        let file = try #require(files.first, "a snapshot file")
        #expect(files.count == 1 && file.hasPrefix("Front-door_") && file.hasSuffix(".png"), "\(files)")
        let probe = try await FFprobe.probe(pictures.appending(path: "eventplayer/\(file)"))
        #expect(probe.width == 640 && probe.height == 360, "the Front door monitor's size")
        #expect(!run.screens.contains { $0.contains("Refreshing access") || $0.contains("error") },
                "the expiry never reached the player: \(run.screens.last ?? "")")

        // The refresh token gave a fresh access token after the forged one expired: the proxy's.
        let log = (try? String(contentsOf: binary.home.appending(path: "state/eventplayer/eventplayer.log"), encoding: .utf8)) ?? ""
        let refreshes = log.split(separator: "\n").filter { $0.contains("access token refreshed") }
            .compactMap { line in line.split(separator: " ").first.flatMap { Self.logTime(String($0)) } }
        #expect(refreshes.contains { $0 > expires }, "a refresh after \(expires): \(refreshes)")
        #expect((run.screens + [log]).allSatisfy { !$0.contains("eyJ") }, "no token on the screen or in the log")
    }

    /// What ``review(_:row:expires:)`` saw (checked by the test, on its own task).
    struct ReviewRun: Sendable {
        var stillWithoutPlaying = false
        var playingBeforeExpiry = false
        var playedAfterExpiry = false
        var paused = 0.0, stepped = 0.0
        var screens: [String] = []
    }

    private static func review(_ pane: Tmux, row: Int, expires: Date) throws -> ReviewRun {
        var run = ReviewRun()
        try pane.waitFor(" loaded")
        try pane.waitUntil("both monitors listed") { $0.contains("Front door") && $0.contains("Back yard") }
        for _ in 0..<row { pane.keys("Down") }
        let selected = try pane.waitUntil("a finished Front door event selected") { screen in
            ScreenReading.selectedRow(screen).map { $0.contains("Front door") && !$0.contains(" live") } ?? false
        }
        let line = ScreenReading.selectedLine(selected) ?? -1   // the condition above found it
        // Its still: the first frame of ZoneMinder's MP4 in the pane, nothing playing.
        try pane.waitUntil("the event's still", escapes: true) { ScreenReading.colours($0).count > 30 }
        run.stillWithoutPlaying = !pane.capture().contains("▶ Playing")

        pane.keys("Enter")
        try pane.waitFor("▶ Playing", seconds: 30)
        run.playingBeforeExpiry = Date() < expires
        pane.keys("{")
        try pane.waitUntil("half speed") { ScreenReading.statusBar($0).contains("0.5×") }
        pane.keys("Space")
        try pane.waitUntil("paused") { $0.contains("❚❚ Paused") }
        pane.keys(".")
        run.paused = try ScreenReading.settledTime(pane, "a precise time after a step") { _ in true }
        pane.keys(".")
        run.stepped = try ScreenReading.settledTime(pane, "the next frame") { $0 > run.paused }
        pane.keys("S")
        try pane.waitFor("Snapshot saved: ")
        pane.keys("BSpace")
        try pane.waitUntil("normal speed again") { !ScreenReading.statusBar($0).contains("0.5×") && $0.contains("❚❚ Paused") }

        // The token expires on the server meanwhile; the stored session still says two hours.
        let wait = expires.timeIntervalSinceNow + 2
        if wait > 0 { usleep(useconds_t(wait * 1_000_000)) }
        pane.keys("Home")
        try pane.waitUntil("paused at the start, read again") {
            $0.contains("❚❚ Paused") && !$0.contains("ended") && (ScreenReading.sliderSeconds($0) ?? 9) == 0
        }
        pane.keys("Space")
        try pane.waitUntil("played on after the expiry, to the end", seconds: 60) { screen in
            run.screens.append(screen)
            return screen.contains("ended")
        }
        run.playedAfterExpiry = run.screens.contains { $0.contains("▶ Playing") && (ScreenReading.sliderSeconds($0) ?? 0) >= 2 }
        // After the end mpv keeps the file: Home reads its start again, through the same proxy URL.
        pane.keys("Home")
        try pane.waitUntil("back at the start after the end") {
            $0.contains("❚❚ Paused") && !$0.contains("ended") && (ScreenReading.sliderSeconds($0) ?? 9) == 0
        }

        // Next and previous event, then auto-advance from the same one.
        pane.keys(">")
        try pane.waitUntil("the next event playing, selected") { $0.contains("▶ Playing") && ScreenReading.selectedLine($0) == line + 1 }
        pane.keys("<")
        try pane.waitUntil("the previous event playing, selected") { $0.contains("▶ Playing") && ScreenReading.selectedLine($0) == line }
        pane.keys("a")
        try pane.waitUntil("auto on the status bar") { ScreenReading.statusBar($0).contains("│ auto") }
        let advanced = try pane.waitUntil("the next event started by auto-advance", seconds: 60) {
            $0.contains("▶ Playing") && ScreenReading.selectedLine($0) == line + 1
        }
        run.screens.append(advanced)
        pane.keys("s")
        for key in ["Escape", "q"] {
            usleep(400_000)   // Esc and a key at once would be Alt and that key
            pane.keys(key)
        }
        try pane.waitFor("EXIT=0", seconds: 20)
        return run
    }

    /// A log line's time (`2026-11-28T15:43:58.066Z`).
    static func logTime(_ text: String) -> Date? {
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return format.date(from: text)
    }
}
