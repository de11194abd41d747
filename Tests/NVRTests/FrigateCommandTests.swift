import DemoBackend
import Foundation
import TestSupport
import Testing

/// The real binary against the demo's Frigate flavour (its routes, JSON, JWT cookie, nginx-vod
/// HLS; docs/demo.md): `login` finds Frigate and keeps it with the session, `events` pages two days
/// of review items and filters alerts, `play` plays an item to "ended" through the proxy with the
/// JWT as a bearer header only, and no part of the JWT reaches the output or the log.
@Suite("eventplayer against Frigate (the demo's Frigate flavour)", .serialized, .machineShare)
struct FrigateCommandTests {
    static func frigate(requiresAuth: Bool = true) async throws -> DemoServer {
        var configuration = DemoConfiguration()
        configuration.flavor = .frigate
        configuration.frigate.requiresAuth = requiresAuth
        return try await DemoServer.start(configuration)
    }

    func signedIn(_ server: DemoServer) async throws -> (Binary, DemoBackendTestLogin) {
        let binary = try Binary()
        let login = try await binary.loginFrigate(server.baseURL)
        return (binary, DemoBackendTestLogin(status: login.status, stdout: login.stdout, stderr: login.stderr))
    }

    struct DemoBackendTestLogin {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    func json(_ text: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]], "\(text.prefix(300))")
    }

    /// Every place a JWT could leak to: the command's output and the log file.
    func leaks(_ binary: Binary, _ outputs: [String]) -> [String] {
        let log = (try? String(contentsOf: binary.home.appending(path: "state/eventplayer/eventplayer.log"), encoding: .utf8)) ?? ""
        return (outputs + [log]).filter { $0.contains("eyJ") }
    }

    /// The shortest finished item among the newest 20 (`play` plays in real time) and its length.
    func shortestItem(_ binary: Binary, _ url: String) async throws -> (id: String, seconds: Double) {
        let listed = try json(try await binary.run(["events", "--server", url, "--limit", "20", "--json"]).stdout)
        let format = ISO8601DateFormatter()
        let lengths: [(String, Double)] = listed.compactMap { item in
            guard let id = item["id"] as? String, let start = (item["startTime"] as? String).flatMap(format.date),
                  let end = (item["endTime"] as? String).flatMap(format.date) else { return nil }
            return (id, end.timeIntervalSince(start))
        }
        let shortest = try #require(lengths.min { $0.1 < $1.1 }, "a finished item")
        return (shortest.0, shortest.1)
    }

    @Test func loginFindsFrigateAndKeepsItWithTheSession() async throws {
        let server = try await Self.frigate()
        defer { Task { await server.stop() } }
        let (binary, login) = try await signedIn(server)
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.stdout.contains("signed in as admin") && login.stdout.contains("(Frigate)"), "\(login.stdout)")
        let file = binary.home.appending(path: "state/eventplayer/session.json")
        let session = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        #expect(session["backend"] as? String == "frigate")
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(leaks(binary, [login.stdout, login.stderr]).isEmpty)

        let wrong = try await binary.run(["login", "--server", server.baseURL.absoluteString, "--user", "admin", "--password-stdin"],
                                         input: "not-the-password\n")
        #expect(wrong.status == 1)
        #expect(wrong.stderr.contains("wrong user name or password"), "\(wrong.stderr)")
    }

    @Test func theUnauthenticatedPortNeedsNoSignIn() async throws {
        let server = try await Self.frigate(requiresAuth: false)
        defer { Task { await server.stop() } }
        let binary = try Binary()
        let login = try await binary.run(["login", "--server", server.baseURL.absoluteString])
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.stdout.contains("needs no sign-in"), "\(login.stdout)")
        let events = try await binary.run(["events", "--server", server.baseURL.absoluteString, "--json", "--limit", "5"])
        #expect(events.status == 0, "\(events.stderr)")
        #expect(try json(events.stdout).count == 5)
        // And without `login` at all: one probe finds the open Frigate.
        let fresh = try Binary()
        let direct = try await fresh.run(["events", "--server", server.baseURL.absoluteString, "--limit", "3"])
        #expect(direct.status == 0, "\(direct.stderr)")
    }

    @Test func twoDaysOfReviewItemsPageWithoutLossOrRepeatAndAlertsFilter() async throws {
        let server = try await Self.frigate()
        defer { Task { await server.stop() } }
        let (binary, login) = try await signedIn(server)
        try #require(login.status == 0, "\(login.stderr)")
        let url = server.baseURL.absoluteString
        let all = try await binary.run(["events", "--server", url, "--all", "--since", "-2d", "--limit", "7", "--json"])
        #expect(all.status == 0, "\(all.stderr)")
        let items = try json(all.stdout)
        let ids = items.compactMap { $0["id"] as? String }
        #expect(ids.count > 100, "two days of items: \(ids.count)")
        #expect(Set(ids).count == ids.count, "no item listed twice")
        let starts = items.compactMap { $0["startTime"] as? String }
        #expect(starts == starts.sorted(by: >), "newest first")
        // The same two days in pages of the largest size: the same items.
        let whole = try await binary.run(["events", "--server", url, "--all", "--since", "-2d", "--limit", "500", "--json"])
        #expect(try json(whole.stdout).compactMap { $0["id"] as? String } == ids)

        let alerts = try await binary.run(["events", "--server", url, "--all", "--since", "-2d", "--severity", "alert", "--json"])
        let alertItems = try json(alerts.stdout)
        #expect(!alertItems.isEmpty)
        #expect(alertItems.allSatisfy { $0["bucket"] as? String == "alert" })
        #expect(alertItems.count < items.count)
        #expect(leaks(binary, [all.stdout, all.stderr, alerts.stdout]).isEmpty)
    }

    /// Through the proxy (the default) the proxy sends the JWT; direct, mpv sends it as its header
    /// and fetches the segments itself. Either way it is never in a URL.
    @Test(arguments: ["proxy", "direct"])
    func anItemPlaysToTheEndWithTheJWTInAHeaderOnly(network: String) async throws {
        let server = try await Self.frigate()
        defer { Task { await server.stop() } }
        let (binary, login) = try await signedIn(server)
        try #require(login.status == 0, "\(login.stderr)")
        let url = server.baseURL.absoluteString
        let (id, _) = try await shortestItem(binary, url)
        await server.clearRequestLog()
        let run = try await binary.run(["play", id, "--server", url, "--network", network, "--video", "none", "--no-audio",
                                        "--speed", "4", "--json"])
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(lines.last?["finish"] as? String == "ended", "\(run.stdout.suffix(400))")
        let vod = await server.requestLog().filter { $0.path.hasPrefix("/vod/") }
        #expect(vod.contains { $0.path.hasSuffix(".m4s") }, "the segments were fetched")
        #expect(vod.allSatisfy { $0.status == 200 || $0.status == 206 }, "\(vod.map { "\($0.status) \($0.path)" })")
        #expect(vod.allSatisfy { !($0.query ?? "").contains("eyJ") }, "never a token in a URL")
        #expect(leaks(binary, [run.stdout, run.stderr]).isEmpty)
    }

    /// A start position in Frigate's fMP4 HLS, in both modes: playback begins at it and plays on
    /// from there (a start ffmpeg performs itself in fMP4 jumps to the end; the player trims the
    /// playlist instead: the private file in direct mode, the proxy's cached playlist through it).
    @Test(arguments: ["proxy", "direct"])
    func anItemStartsAtAPositionAndPlaysOnFromIt(network: String) async throws {
        let server = try await Self.frigate()
        defer { Task { await server.stop() } }
        let (binary, login) = try await signedIn(server)
        try #require(login.status == 0, "\(login.stderr)")
        let url = server.baseURL.absoluteString
        let listed = try json(try await binary.run(["events", "--server", url, "--limit", "30", "--json"]).stdout)
        let format = ISO8601DateFormatter()
        let long = listed.first { item in
            guard let start = (item["startTime"] as? String).flatMap(format.date),
                  let end = (item["endTime"] as? String).flatMap(format.date) else { return false }
            return end.timeIntervalSince(start) >= 24
        }
        let id = try #require(long?["id"] as? String, "an item of 24 s or more")
        let run = try await binary.run(["play", id, "--server", url, "--network", network, "--video", "none", "--no-audio",
                                        "--speed", "4", "--start", "20", "--json"])
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(lines.last?["finish"] as? String == "ended", "\(run.stdout.suffix(400))")
        let playing = lines.filter { $0["playback"] as? String == "playing" }.compactMap { $0["position"] as? Double }
        let duration = try #require(lines.compactMap { $0["duration"] as? Double }.last)
        let first = try #require(playing.first, "it played")
        #expect(first >= 19 && first < 23, "began at the start position, not at the end (\(first) of \(duration) s)")
        #expect(playing.count >= 3 && (playing.max() ?? 0) > first + 4, "played on from it: \(playing)")
    }

    @Test func anItemExportsToAFileOfItsPaddedLength() async throws {
        let server = try await Self.frigate()
        defer { Task { await server.stop() } }
        let (binary, login) = try await signedIn(server)
        try #require(login.status == 0, "\(login.stderr)")
        let url = server.baseURL.absoluteString
        let (id, seconds) = try await shortestItem(binary, url)
        let output = binary.home.appending(path: "item.mp4")
        let run = try await binary.run(["export", id, "-o", output.path, "--server", url])
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let probe = try await FFprobe.probe(output)
        // Frigate's 4 s of padding each side; nginx-vod cuts at keyframes, one segment (10 s) either way.
        #expect(abs(probe.duration - (seconds + 8)) <= 10, "\(probe.duration) for an item of \(seconds) s")
        #expect(probe.streamTypes.contains("video"))
        #expect(leaks(binary, [run.stdout, run.stderr]).isEmpty)
    }
}
