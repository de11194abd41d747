import Foundation
import TestSupport
import Testing

/// Following the shared real ZoneMinder (``ZoneMinderServer``): an event new on the server (a row
/// its API answers, started now) appears in the open TUI with no key pressed, the selection
/// staying on its event, and `events --follow --json` prints it as one JSON line; the server's
/// database stopped mid-follow and started again: the TUI says so once, backs off (Apache's log
/// counts the requests meanwhile), and follows again by itself. It adds events and stops MariaDB,
/// so it runs alone (``ZoneMinderGate``).
@Suite("ZoneMinder: following the real server", .serialized, .zoneMinder(alone: true))
struct ZoneMinderFollowTests {
    static func selectedRow(_ screen: String) -> String? {
        screen.split(separator: "\n").map(String.init).first { $0.hasPrefix("▌") }
    }

    /// A binary signed in to the shared server, following every 2 s.
    static func signedIn() async throws -> (ZoneMinderServer, Binary) {
        let zm = try await ZoneMinderServer.shared()
        _ = try await zm.waitForFinishedEvents(3, monitor: 1, timeout: 90)
        let binary = try Binary()
        let folder = binary.home.appending(path: "config/eventplayer")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "follow-interval = 2\n".write(to: folder.appending(path: "config.toml"), atomically: true, encoding: .utf8)
        let login = try await binary.run(["login", "--server", zm.server, "--user", zm.user, "--password-stdin"], input: zm.password + "\n")
        try #require(login.status == 0, "\(login.stderr)")
        return (zm, binary)
    }

    /// The TUI in a pane, its list loaded and following, the selection moved to a finished event
    /// a few rows down; answers that row.
    static func openTUI(_ pane: Tmux, _ binary: Binary, _ zm: ZoneMinderServer) async throws -> String {
        pane.start(columns: 140, rows: 30, environment: binary.paneEnvironment,
                   command: binary.paneScript("--server \(zm.server) --video none --no-audio"))
        return try await Tmux.offPool { () throws -> String in
            try pane.waitFor(" loaded")
            try pane.waitFor("following")
            pane.keys("j", "j", "j", "j")
            var screen = try pane.waitUntil("a row selected") { selectedRow($0) != nil }
            for _ in 0..<6 where selectedRow(screen)?.contains(" live") != false {
                pane.keys("j")
                usleep(300_000)
                screen = try pane.waitUntil("a row selected") { selectedRow($0) != nil }
            }
            return try #require(selectedRow(screen))
        }
    }

    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(3)))
    func aNewEventAppearsInTheTUIAndInEventsFollowJSON() async throws {
        let (zm, binary) = try await Self.signedIn()
        defer { try? FileManager.default.removeItem(at: binary.home) }
        let pane = try Tmux(socket: "ep-e2e-zm-follow-\(getpid())")
        defer { pane.kill() }
        let selected = try await Self.openTUI(pane, binary, zm)
        #expect(!selected.contains("eventplayer-copy"))
        let (process, stdout) = try binary.start(["events", "--server", zm.server, "--follow", "--json", "--limit", "3"])
        defer { if process.isRunning { process.terminate() } }
        let listed = try await Binary.readLines(stdout) { $0.count >= 3 }
        try #require(listed.count >= 3, "\(listed)")

        // A new event on the server, started now (its time zone: MariaDB's NOW()).
        let copies = try await ZoneMinderOutageTests.copyEvents(zm, count: 1, start: "NOW()")
        defer { Task { await ZoneMinderOutageTests.removeCopies(zm) } }
        let id = String(try #require(copies.first))

        let screen = try await Tmux.offPool { try pane.waitFor("eventplayer-copy", seconds: 30) }
        #expect(Self.selectedRow(screen) == selected, "the selection stays on its event:\n\(screen)")
        let rows = screen.split(separator: "\n").map(String.init)
        let newRow = try #require(rows.firstIndex { $0.contains("eventplayer-copy") })
        let selectedRow = try #require(rows.firstIndex { $0.hasPrefix("▌") })
        #expect(newRow < selectedRow, "newest first, above the selection")
        #expect(screen.contains("following · "), "the header counts what is new: \(screen)")

        let lines = try await Binary.readLines(stdout) { lines in lines.contains { $0.contains("eventplayer-copy") } }
        let line = try #require(lines.first { $0.contains("eventplayer-copy") }, "\(lines.suffix(5))")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "one object per line: \(line)")
        #expect(object["id"] as? String == id)
        #expect(object["cameraName"] as? String == "Front door")
        #expect(object["startTime"] is String)
        #expect(lines.filter { $0.contains("\"id\":\"\(id)\"") || $0.contains("\"id\" : \"\(id)\"") }.count <= 1, "printed once")
        process.interrupt()
        _ = await binary.finish(process, stdout)
        #expect(process.terminationStatus == 130)
        #expect(!lines.contains { $0.contains("eyJ") }, "no token printed")
        try await Tmux.offPool {
            pane.keys("q")
            try pane.waitFor("EXIT=0", seconds: 20)
        }
        let log = (try? String(contentsOf: binary.home.appending(path: "state/eventplayer/eventplayer.log"), encoding: .utf8)) ?? ""
        #expect(!log.contains("eyJ") && !screen.contains("eyJ"), "no token in the log or on the screen")
    }

    /// MariaDB stopped for 24 s while the TUI follows every 2 s: it says "no answer" once and backs
    /// off (4, 8, 16 s…), so Apache serves it a few requests, not one or two every 2 s; once the
    /// database runs again it follows by itself (a new event appears, the selection unchanged).
    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(4)))
    func theDatabaseStoppedAndStartedAgainFollowingResumesWithoutAStorm() async throws {
        let (zm, binary) = try await Self.signedIn()
        defer { try? FileManager.default.removeItem(at: binary.home) }
        let pane = try Tmux(socket: "ep-e2e-zm-follow-outage-\(getpid())")
        defer { pane.kill() }
        let selected = try await Self.openTUI(pane, binary, zm)
        try await Task.sleep(for: .seconds(3))

        let beforeStop = zm.accessLogLines().count
        try await zm.stopDatabase()
        var restarted = false
        defer { if !restarted { Task { try? await zm.startDatabase() } } }
        let stoppedAt = ContinuousClock.now
        let failing = try await Tmux.offPool { try pane.waitFor("following · no answer", seconds: 20) }
        #expect(Self.selectedRow(failing) == selected)
        try await Task.sleep(until: stoppedAt + .seconds(24))
        let during = zm.accessLogLines().dropFirst(beforeStop).filter { $0.contains("\"GET /zm/") }
        try await zm.startDatabase()
        restarted = true
        // Without a back-off 24 s at 2 s are 12 polls, each the events and the page that says why:
        // 24 requests. With it: polls at about 0, 4 and 12 s (and 28 s, after the restart).
        #expect(during.count >= 1, "it asked while the database was down")
        #expect(during.count <= 10, "no storm: \(during.count) requests in 24 s:\n\(during.map { String($0.prefix(80)) }.joined(separator: "\n"))")

        let resumed = try await Tmux.offPool {
            try pane.waitUntil("following again", seconds: 60) { $0.contains("following") && !$0.contains("no answer") }
        }
        #expect(Self.selectedRow(resumed) == selected, "the selection stays through the outage")
        let copies = try await ZoneMinderOutageTests.copyEvents(zm, count: 1, start: "NOW()")
        defer { Task { await ZoneMinderOutageTests.removeCopies(zm) } }
        try #require(copies.count == 1)
        let arrived = try await Tmux.offPool { try pane.waitFor("eventplayer-copy", seconds: 30) }
        #expect(Self.selectedRow(arrived) == selected)
        try await Tmux.offPool {
            pane.keys("q")
            try pane.waitFor("EXIT=0", seconds: 20)
        }
        let log = (try? String(contentsOf: binary.home.appending(path: "state/eventplayer/eventplayer.log"), encoding: .utf8)) ?? ""
        #expect(!log.contains("eyJ"), "no token in the log")
    }
}
