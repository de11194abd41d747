import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupport
import Testing

/// The real binary and TUI against the shared real ZoneMinder when the server is not as a quick
/// look finds it: more events than the API answers a request (rows copied in its database, dated
/// 2020), an event deleted on the server after it was listed, and its database stopped mid-session
/// and started again. It changes the server, so it runs alone (``ZoneMinderGate``).
@Suite("ZoneMinder: paging, a deleted event, its database down", .serialized, .zoneMinder(alone: true))
struct ZoneMinderOutageTests {
    /// Copies a finished event of monitor 1 `count` times into 2020 (two to a second, so pages
    /// end inside a second), titled "eventplayer-copy"; answers the new ids.
    static func copyEvents(_ zm: ZoneMinderServer, count: Int, start: String) async throws -> [Int] {
        let source = try await zm.sql("SELECT Id FROM Events WHERE MonitorId=1 AND EndDateTime IS NOT NULL ORDER BY Id LIMIT 1")
        let columns = try await zm.sql("""
            SELECT GROUP_CONCAT(CONCAT('`', COLUMN_NAME, '`')) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA='zm'
            AND TABLE_NAME='Events' AND COLUMN_NAME NOT IN ('Id','StartDateTime','EndDateTime','Notes')
            """)
        let first = try await zm.sql("SELECT COALESCE(MAX(Id), 0) FROM Events")
        try await zm.sql("""
            INSERT INTO Events (\(columns), StartDateTime, EndDateTime, Notes)
            SELECT \(columns.split(separator: ",").map { "e.\($0)" }.joined(separator: ",")),
              \(start) + INTERVAL (s.seq DIV 2) MINUTE, \(start) + INTERVAL (s.seq DIV 2) MINUTE + INTERVAL 10 SECOND, 'eventplayer-copy'
            FROM Events e JOIN seq_1_to_\(count) s WHERE e.Id = \(source)
            """)
        let ids = try await zm.sql("SELECT Id FROM Events WHERE Notes='eventplayer-copy' AND Id > \(first) ORDER BY Id")
        return ids.split(separator: "\n").compactMap { Int($0) }
    }

    static func removeCopies(_ zm: ZoneMinderServer) async {
        _ = try? await zm.sql("DELETE FROM Events WHERE Notes='eventplayer-copy'")
    }

    func json(_ text: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]], "\(text.prefix(300))")
    }

    /// `events --all`, `--limit N` above ZoneMinder's 100 a request, and the TUI's "more" (End on
    /// the last row) reach every event: the API answers at most 100 whatever `limit` asks.
    @Test(.timeLimit(.minutes(4)))
    func moreEventsThanAnAnswerHoldsAreAllListed() async throws {
        let zm = try await ZoneMinderServer.shared()
        let copies = try await Self.copyEvents(zm, count: 250, start: "TIMESTAMP '2020-01-01 00:00:00'")
        defer { Task { await Self.removeCopies(zm) } }
        try #require(copies.count == 250)
        let binary = try Binary()
        defer { try? FileManager.default.removeItem(at: binary.home) }
        let login = try await binary.run(["login", "--server", zm.server, "--user", zm.user, "--password-stdin"], input: zm.password + "\n")
        try #require(login.status == 0, "\(login.stderr)")
        let total = Int(try await zm.sql("SELECT COUNT(*) FROM Events")) ?? 0

        let all = try json(try await binary.run(["events", "--server", zm.server, "--all", "--json"]).stdout)
        let ids = all.compactMap { $0["id"] as? String }
        #expect(ids.count >= total, "--all listed \(ids.count) of \(total)")
        #expect(Set(ids).count == ids.count, "no event twice")
        #expect(Set(copies.map(String.init)).isSubset(of: Set(ids)), "every copy listed")
        let old = try json(try await binary.run(["events", "--server", zm.server, "--all", "--until", "2021-01-01T00:00:00Z", "--json"]).stdout)
        #expect(old.count == 250, "--all --until 2021: \(old.count)")
        let limited = try json(try await binary.run(["events", "--server", zm.server, "--limit", "230", "--json"]).stdout)
        #expect(limited.count == 230)
        #expect(Set(limited.compactMap { $0["id"] as? String }).count == 230, "no event twice")

        // The TUI pages 100 at a time: End on the last loaded row asks for the next page.
        let pane = try Tmux(socket: "ep-e2e-zm-paging-\(getpid())")
        defer { pane.kill() }
        pane.start(columns: 120, rows: 30, environment: binary.paneEnvironment,
                   command: binary.paneScript("--server \(zm.server) --video none --no-audio"))
        let loaded = try await Tmux.offPool { () throws -> Int in
            func count(_ screen: String) -> Int {
                screen.range(of: #"\d+(?= loaded)"#, options: .regularExpression).map { Int(screen[$0]) ?? 0 } ?? 0
            }
            var screen = try pane.waitFor(" loaded")
            for _ in 0..<20 where screen.contains("loaded · more") {
                let before = count(screen)
                pane.keys("End")
                screen = try pane.waitUntil("the next page, or the end", seconds: 30) { now in
                    !now.contains("loaded · more") || count(now) > before
                }
            }
            pane.keys("q")
            return count(screen)
        }
        #expect(loaded >= total, "the TUI loaded \(loaded) of at least \(total)")
    }

    /// An event deleted on the server after the TUI listed it: Enter says it is no longer on the
    /// server and the row goes; `play` and `export` of it say the same. Then MariaDB stops: `r`,
    /// `events` and `login` say the server is failing (its database), not that the URL is wrong,
    /// and the session stays; once it runs again, `r` and `events` work with the same session.
    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(4)))
    func aDeletedEventAndTheDatabaseDown() async throws {
        let zm = try await ZoneMinderServer.shared()
        _ = try await zm.waitForFinishedEvents(1, monitor: 1, timeout: 90)
        // An hour ahead of the server's clock: the newest event, the TUI's first row.
        let copies = try await Self.copyEvents(zm, count: 1, start: "NOW() + INTERVAL 1 HOUR")
        defer { Task { await Self.removeCopies(zm) } }
        let gone = String(try #require(copies.first))
        let binary = try Binary()
        defer { try? FileManager.default.removeItem(at: binary.home) }
        let login = try await binary.run(["login", "--server", zm.server, "--user", zm.user, "--password-stdin"], input: zm.password + "\n")
        try #require(login.status == 0, "\(login.stderr)")

        let pane = try Tmux(socket: "ep-e2e-zm-outage-\(getpid())")
        defer { pane.kill() }
        pane.start(columns: 140, rows: 30, environment: binary.paneEnvironment,
                   command: binary.paneScript("--server \(zm.server) --video none --no-audio"))
        _ = try await Tmux.offPool {
            try pane.waitUntil("the copy selected on the first row") { screen in
                screen.split(separator: "\n").first { $0.hasPrefix("▌") }?.contains("eventplayer-copy") ?? false
            }
        }
        // Deleted as ZoneMinder's console deletes it: the API's DELETE, as admin.
        try await Self.delete(event: gone, on: zm)
        let dropped = try await Tmux.offPool { () throws -> String in
            pane.keys("Enter")
            // The list is the left of each line (the player's pane, right of `│`, keeps its title).
            return try pane.waitUntil("the failure said and the row gone from the list", seconds: 30) { screen in
                let list = screen.split(separator: "\n").map { $0.split(separator: "│").first ?? "" }
                return screen.contains("no longer on the server") && list.contains { $0.contains("Front door") }
                    && !list.contains { $0.contains("eventplayer-copy") }
            }
        }
        #expect(!dropped.contains("index.php failed"), "\(dropped)")

        let play = try await binary.run(["play", gone, "--server", zm.server, "--video", "none", "--no-audio"])
        #expect(play.status != 0)
        #expect(play.stderr.contains("event \(gone) is no longer on the server"), "\(play.stdout)\n\(play.stderr)")
        let export = try await binary.run(["export", gone, "--server", zm.server, "--output", binary.home.appending(path: "gone.mp4").path])
        #expect(export.status != 0)
        #expect(export.stderr.contains("event \(gone) is no longer on the server"), "\(export.stdout)\n\(export.stderr)")

        // The database down: the server is failing, the URL is right, the session stays.
        try await zm.stopDatabase()
        var restarted = false
        defer { if !restarted { Task { try? await zm.startDatabase() } } }
        let down = try await binary.run(["events", "--server", zm.server, "--limit", "5"])
        #expect(down.status != 0)
        #expect(down.stderr.contains("cannot connect to its database"), "\(down.stderr)")
        #expect(!down.stderr.contains("server URL"), "\(down.stderr)")
        let again = try await binary.run(["login", "--server", zm.server, "--user", zm.user, "--password-stdin"], input: zm.password + "\n")
        #expect(again.status != 0)
        #expect(again.stderr.contains("cannot connect to its database"), "\(again.stdout)\n\(again.stderr)")
        #expect(!(again.stdout + again.stderr).contains("/v1/auth"), "not taken for another kind of server: \(again.stdout)\n\(again.stderr)")
        let refreshed = try await Tmux.offPool { () throws -> String in
            for _ in 0..<2 {   // the failure's banner, then the player's focus
                pane.keys("Escape")
                usleep(400_000)
            }
            pane.keys("r")
            return try pane.waitFor("is failing: it cannot connect", seconds: 30)
        }
        #expect(!refreshed.contains("Sign in"), "\(refreshed)")

        try await zm.startDatabase()
        restarted = true
        let back = try await binary.run(["events", "--server", zm.server, "--limit", "5", "--json"])
        #expect(back.status == 0, "the same session works again: \(back.stderr)")
        try await Tmux.offPool {
            pane.keys("r")
            try pane.waitUntil("the list again", seconds: 30) { $0.contains(" loaded") && $0.contains("Front door") }
            pane.keys("q")
        }
    }

    /// `DELETE api/events/<id>.json` as ZoneMinder's admin.
    static func delete(event id: String, on zm: ZoneMinderServer) async throws {
        var login = URLRequest(url: zm.url.appending(path: "api/host/login.json"))
        login.httpMethod = "POST"
        login.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        login.httpBody = Data("user=\(zm.adminUser)&pass=\(zm.adminPassword)".utf8)
        let (body, _) = try await URLSession.shared.data(for: login)
        struct Login: Decodable { let access_token: String }
        let token = try JSONDecoder().decode(Login.self, from: body).access_token
        var delete = URLRequest(url: zm.url.appending(path: "api/events/\(id).json").appending(queryItems: [URLQueryItem(name: "token", value: token)]))
        delete.httpMethod = "DELETE"
        let (answer, response) = try await URLSession.shared.data(for: delete)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        try #require(status == 200, "DELETE event \(id): HTTP \(status) \(String(decoding: answer.prefix(300), as: UTF8.self))")
    }
}
