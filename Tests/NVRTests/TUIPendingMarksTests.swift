import DemoBackend
import Foundation
import TestSupport
import Testing

/// Reviewed marks made while Frigate is away (its nginx answers 502) under tmux, with NO_COLOR:
/// the row shows `…` (pending), not `✓`; once the server is back the mark reaches it by itself
/// and the row shows `✓`. A mark made while it is away and left pending by a quit is sent by the
/// next start (the journal beside `reviewed.json`). A mark the server refuses is rolled back.
@Suite(.serialized, .machineShare) struct TUIPendingMarksTests {
    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(3)))
    func aMarkMadeWhileTheServerIsDownIsPendingThenSentByItselfOrByTheNextStart() async throws {
        var configuration = DemoConfiguration()
        configuration.flavor = .frigate
        let server = try await DemoServer.start(configuration)
        defer { Task { await server.stop() } }
        let binary = try Binary()
        let url = server.baseURL.absoluteString
        let login = try await binary.loginFrigate(server.baseURL)
        try #require(login.status == 0, "\(login.stderr)")
        let items = try await TUIFrigateTests.items(binary, url)
        let first = try #require(items.first), second = try #require(items.dropFirst().first)
        let third = try #require(items.dropFirst(2).first)
        #expect(first.serverReviewed == false && second.serverReviewed == false)
        let journal = binary.home.appending(path: "state/eventplayer/reviewed-pending.json")

        let pane = try Tmux(socket: "ep-e2e-pending-\(getpid())")
        defer {
            pane.run(["kill-server"])
            try? FileManager.default.removeItem(at: binary.home)
        }
        let environment = binary.paneEnvironment.merging(["NO_COLOR": "1"]) { $1 }
        let command = binary.paneScript("--server \(url) --video none --no-audio")
        pane.start(columns: 120, rows: 32, environment: environment, command: command)
        _ = try await Tmux.offPool { try pane.waitFor(" loaded") }

        // Down: `x` on the first row shows it pending, and the header says so.
        await server.faults.failPath(containing: "/api/", status: 502)
        try await Tmux.offPool {
            pane.keys("x")
            try pane.waitUntil("the first row pending, not ✓, after the server failed it") { screen in
                Self.mark(first.camera, row: 0, on: screen) == "…" && screen.contains("1 mark pending")
                    && screen.contains("Reviewed marks pending")
            }
        }
        let attempts = await server.requestLog().filter { $0.method == "POST" && $0.path == "/api/reviews/viewed" }
        #expect(!attempts.isEmpty && attempts.allSatisfy { $0.status == 502 }, "tried, and failed: \(attempts.map(\.status))")

        // Back: the mark reaches the server with no key pressed, and the row shows ✓.
        await server.faults.reset()
        #expect(try await Self.waitForServerMark(binary, url, id: first.id), "the server has \(first.id) reviewed")
        _ = try await Tmux.offPool {
            try pane.waitUntil("the first row saved") { screen in
                Self.mark(first.camera, row: 0, on: screen) == "✓" && !screen.contains("pending")
            }
        }

        // Down again: the second row is marked, pending, and the program quits before it is sent.
        await server.faults.failPath(containing: "/api/", status: 502)
        try await Tmux.offPool {
            pane.keys("Down")
            pane.keys("x")
            try pane.waitUntil("the second row pending") { Self.mark(second.camera, row: 1, on: $0) == "…" }
            pane.keys("q")
            try pane.waitFor("EXIT=0")
        }
        await server.faults.reset()
        #expect(try await Self.serverReviewed(binary, url, id: second.id) == false, "not sent: the server was down")
        let mode = try FileManager.default.attributesOfItem(atPath: journal.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let body = try JSONSerialization.jsonObject(with: Data(contentsOf: journal)) as? [String: Any]
        let kept = (body?["servers"] as? [String: [[String: Any]]])?[url]?.compactMap { $0["id"] as? String }
        #expect(kept == [second.id], "the journal keeps the mark for this server: \(String(describing: body))")

        // The next start sends it; the row shows ✓ and the journal goes. (A tmux server of its
        // own: a new session on the one just killed can race its shutdown.)
        pane.run(["kill-server"])
        let next = try Tmux(socket: "ep-e2e-pending-next-\(getpid())")
        defer { next.run(["kill-server"]) }
        next.start(columns: 120, rows: 32, environment: environment, command: command)
        #expect(try await Self.waitForServerMark(binary, url, id: second.id), "the next start sent \(second.id)")
        _ = try await Tmux.offPool {
            try next.waitUntil("the second row saved") { screen in
                Self.mark(second.camera, row: 1, on: screen) == "✓" && !screen.contains("pending")
            }
        }
        // A mark the server refuses for good (403: a role that may not mark) is rolled back and said.
        await server.faults.failNext(1, status: 403, pathPrefix: "/api/reviews/viewed")
        try await Tmux.offPool {
            next.keys("Down")
            next.keys("Down")
            next.keys("x")
            try next.waitUntil("the third row rolled back, with an error") { screen in
                screen.contains("did not take the mark") && Self.mark(third.camera, row: 2, on: screen) == " "
            }
            next.keys("q")
            try next.waitFor("EXIT=0")
        }
        #expect(try await Self.serverReviewed(binary, url, id: third.id) == false)
        #expect(!FileManager.default.fileExists(atPath: journal.path), "nothing pending: no journal")
    }

    /// The server stopped as nginx and Frigate stop (the process killed: its connections reset,
    /// every request refused) and started again with its history (a real Frigate keeps its
    /// database): a mark made meanwhile is pending, then reaches the server by itself.
    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(3)))
    func aMarkMadeWhileTheServerIsStoppedReachesItWhenItStartsAgain() async throws {
        let binary = try Binary()
        let startedAt = Int(Date().timeIntervalSince1970)
        let (process, stdout) = try binary.start(["demo-server", "--port", "0", "--flavor", "frigate", "--no-auth",
                                                  "--started-at", String(startedAt)])
        defer { if process.isRunning { process.terminate() } }
        let banner = try await binary.firstLine(stdout)
        let url = try #require(banner.firstMatch(of: #/http://127\.0\.0\.1:[0-9]+/#).map { String($0.output) }, "\(banner)")
        let login = try await binary.run(["login", "--server", url])
        try #require(login.status == 0, "\(login.stderr)")
        let first = try #require(try await TUIFrigateTests.items(binary, url).first)
        let pane = try Tmux(socket: "ep-e2e-pending-stopped-\(getpid())")
        defer {
            pane.run(["kill-server"])
            try? FileManager.default.removeItem(at: binary.home)
        }
        let environment = binary.paneEnvironment.merging(["NO_COLOR": "1"]) { $1 }
        pane.start(columns: 120, rows: 32, environment: environment, command: binary.paneScript("--server \(url) --video none --no-audio"))
        _ = try await Tmux.offPool { try pane.waitFor(" loaded") }

        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try await Tmux.offPool {
            pane.keys("x")
            try pane.waitUntil("the first row pending while the server is stopped") { screen in
                Self.mark(first.camera, row: 0, on: screen) == "…" && screen.contains("1 mark pending")
            }
        }
        var configuration = DemoConfiguration()
        configuration.flavor = .frigate
        configuration.frigate.requiresAuth = false
        configuration.port = try #require(URL(string: url)?.port)
        configuration.startedAt = Date(timeIntervalSince1970: Double(startedAt))
        let restarted = try await DemoServer.start(configuration)
        defer { Task { await restarted.stop() } }
        #expect(try await Self.waitForServerMark(binary, url, id: first.id), "the restarted server has \(first.id) reviewed")
        _ = try await Tmux.offPool {
            try pane.waitUntil("the first row saved") { screen in
                Self.mark(first.camera, row: 0, on: screen) == "✓" && !screen.contains("pending")
            }
        }
        let sent = await restarted.requestLog().filter { $0.method == "POST" && $0.path == "/api/reviews/viewed" }
        #expect(sent.count == 1 && sent.allSatisfy { $0.status / 100 == 2 }, "sent once when it answered: \(sent.map(\.status))")
    }

    /// The third column of list row `row` (0: the first under the heading), once it shows `camera`.
    static func mark(_ camera: String, row: Int, on screen: String) -> Character? {
        let rows = TUIFrigateTests.rows(screen).dropFirst(2)
        guard rows.count > row else { return nil }
        let line = rows[rows.startIndex + row]
        guard line.contains(camera) else { return nil }
        return Array(line).dropFirst(2).first
    }

    /// Whether the server has `id` reviewed (`events --json` gives the server's mark).
    static func serverReviewed(_ binary: Binary, _ url: String, id: String) async throws -> Bool? {
        try await TUIFrigateTests.items(binary, url).first { $0.id == id }?.serverReviewed
    }

    /// Polls the server for `id`'s mark for up to 15 s (the retry waits out its backoff).
    static func waitForServerMark(_ binary: Binary, _ url: String, id: String) async throws -> Bool {
        for _ in 0..<30 {
            if try await serverReviewed(binary, url, id: id) == true { return true }
            try await Task.sleep(for: .milliseconds(500))
        }
        return false
    }
}
