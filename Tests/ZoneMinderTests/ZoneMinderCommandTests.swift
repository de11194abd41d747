import Crypto
import Foundation
import Networking
import PlaybackProxy
import Playlist
import SystemSupport
import TestSupport
import Testing

/// The real binary against a real ZoneMinder (``ZoneMinderServer``: Debian's 1.36 packages,
/// started by the test process): `login` finds it, `events` lists its events at their times,
/// `play` plays one to "ended" in both network modes and from a start position, `export` saves its
/// MP4 whole, a token the server refuses is refreshed once, an event still recording says why it
/// cannot play, and no token reaches the output or the log.
@Suite("eventplayer against a real ZoneMinder", .serialized, .zoneMinder())
struct ZoneMinderCommandTests {
    /// A binary signed in to the server.
    func signedIn(_ zm: ZoneMinderServer) async throws -> (Binary, Binary.Result) {
        let binary = try Binary()
        let login = try await binary.run(["login", "--server", zm.server, "--user", zm.user, "--password-stdin"], input: zm.password + "\n")
        return (binary, login)
    }

    func json(_ text: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]], "\(text.prefix(300))")
    }

    func lines(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// Every place a token could leak to: the outputs and the log file (ZoneMinder's tokens are JWTs).
    func leaks(_ binary: Binary, _ outputs: [String]) -> [String] {
        let log = (try? String(contentsOf: binary.home.appending(path: "state/eventplayer/eventplayer.log"), encoding: .utf8)) ?? ""
        return (outputs + [log]).filter { $0.contains("eyJ") }
    }

    /// A finished event of `monitor` (the newest), as `events --json` lists it.
    func finishedEvent(_ binary: Binary, _ zm: ZoneMinderServer, monitor: Int = 1) async throws -> [String: Any] {
        _ = try await zm.waitForFinishedEvents(1, monitor: monitor, timeout: 60)
        let listed = try json(try await binary.run(["events", "--server", zm.server, "--limit", "50", "--json"]).stdout)
        let name = try #require(zm.monitors.first { $0.id == monitor }?.name)
        return try #require(listed.first { $0["cameraName"] as? String == name && $0["endTime"] != nil }, "\(listed.prefix(3))")
    }

    @Test func loginFindsZoneMinderAndEventsListBothMonitorsAtTheirTimes() async throws {
        let zm = try await ZoneMinderServer.shared()
        _ = try await zm.waitForFinishedEvents(1, monitor: 2, timeout: 60)
        let (binary, login) = try await signedIn(zm)
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.stdout.contains("signed in as eventplayer") && login.stdout.contains("(ZoneMinder)"), "\(login.stdout)")
        let session = try String(contentsOf: binary.home.appending(path: "state/eventplayer/session.json"), encoding: .utf8)
        #expect(session.contains("\"backend\" : \"zoneminder\"") || session.contains("\"backend\":\"zoneminder\""), "\(session.prefix(200))")

        let run = try await binary.run(["events", "--server", zm.server, "--limit", "50", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let events = try json(run.stdout)
        #expect(Set(events.compactMap { $0["cameraName"] as? String }) == Set(zm.monitors.map(\.name)))
        // Recorded in the last minutes, on this machine's clock: the server's local times read right.
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let plain = ISO8601DateFormatter()
        let starts = events.compactMap { ($0["startTime"] as? String).flatMap { format.date(from: $0) ?? plain.date(from: $0) } }
        #expect(starts.count == events.count)
        #expect(starts.allSatisfy { abs($0.timeIntervalSinceNow) < 600 }, "\(starts)")
        // …which the server keeps in its own zone, hours from this machine's UTC: read as they are,
        // they would be hours off.
        let token = try await zm.signIn()
        let zone = String(decoding: try await Self.download(zm.url.appending(path: "api/host/getTimeZone.json")
            .appending(queryItems: [URLQueryItem(name: "token", value: token)])), as: UTF8.self)
        #expect(zone.replacingOccurrences(of: "\\/", with: "/").contains(ZoneMinderServer.timeZone), "\(zone)")
        let raw = try #require(try JSONSerialization.jsonObject(with: try await Self.download(zm.url.appending(path: "api/events/index.json")
            .appending(queryItems: [URLQueryItem(name: "sort", value: "StartDateTime"), URLQueryItem(name: "direction", value: "desc"),
                                    URLQueryItem(name: "limit", value: "1"), URLQueryItem(name: "token", value: token)]))) as? [String: Any])
        let newest = try #require(((raw["events"] as? [[String: Any]])?.first?["Event"] as? [String: Any])?["StartDateTime"] as? String)
        let asIfUTC = try #require(ISO8601DateFormatter().date(from: newest.replacingOccurrences(of: " ", with: "T") + "Z"))
        #expect(abs(asIfUTC.timeIntervalSinceNow) > 3 * 3600, "the server's own text (\(newest)) is New York's time, not UTC")
        #expect(zip(starts, starts.dropFirst()).allSatisfy { $0 >= $1 }, "newest first")
        for event in events {
            guard let end = (event["endTime"] as? String).flatMap({ format.date(from: $0) ?? plain.date(from: $0) }),
                  let start = (event["startTime"] as? String).flatMap({ format.date(from: $0) ?? plain.date(from: $0) }) else { continue }
            #expect(end > start && end.timeIntervalSince(start) < 30, "an event of the 10 s sections: \(event)")
        }

        let one = try json(try await binary.run(["events", "--server", zm.server, "--camera", "Back yard", "--limit", "50", "--json"]).stdout)
        #expect(!one.isEmpty && one.allSatisfy { $0["cameraName"] as? String == "Back yard" })
        // Paged by start time, two at a time: every event once, in order, the same as one page of 50
        // (less those recorded between the two listings).
        let paged = try json(try await binary.run(["events", "--server", zm.server, "--limit", "2", "--all", "--json"]).stdout)
        let pagedIDs = paged.compactMap { $0["id"] as? String }
        #expect(Set(pagedIDs).count == pagedIDs.count, "no event twice: \(pagedIDs)")
        let whole = try json(try await binary.run(["events", "--server", zm.server, "--limit", "50", "--json"]).stdout)
            .compactMap { $0["id"] as? String }
        let common = whole.filter(Set(pagedIDs).contains)
        #expect(common.count >= pagedIDs.count - 2 && common == pagedIDs.filter(Set(whole).contains), "\(pagedIDs) vs \(whole)")
        #expect(pagedIDs.count > 2, "more than one page")
        let text = try await binary.run(["events", "--server", zm.server, "--limit", "2"]).stdout
        #expect(text.contains("Front door") || text.contains("Back yard"), "\(text)")
        #expect(leaks(binary, [login.stdout, login.stderr, run.stdout, run.stderr]).isEmpty)
    }

    /// `--since` and `--until` cut the list at an event's start: the StartDateTime filter goes to
    /// the server in its own time zone (New York's here, the machine's UTC), to the second.
    @Test func sinceAndUntilCutTheListAtAStartTime() async throws {
        let zm = try await ZoneMinderServer.shared()
        _ = try await zm.waitForFinishedEvents(3, monitor: 1, timeout: 90)
        let (binary, login) = try await signedIn(zm)
        try #require(login.status == 0, "\(login.stderr)")
        let iso = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        func start(_ event: [String: Any]) -> Date? {
            (event["startTime"] as? String).flatMap { iso.date(from: $0) ?? fractional.date(from: $0) }
        }
        let all = try json(try await binary.run(["events", "--server", zm.server, "--limit", "100", "--json"]).stdout)
        let starts = Set(all.compactMap(start)).sorted()
        try #require(starts.count >= 3, "\(all.count) events")
        let cut = starts[starts.count / 2]
        let since = try json(try await binary.run(["events", "--server", zm.server, "--since", iso.string(from: cut), "--limit", "100", "--json"]).stdout)
        #expect(!since.isEmpty && since.allSatisfy { (start($0) ?? .distantPast) >= cut }, "since \(cut): \(since.compactMap(start))")
        #expect(since.contains { start($0) == cut }, "the event starting at the cut is in")
        let until = try json(try await binary.run(["events", "--server", zm.server, "--until", iso.string(from: cut), "--limit", "100", "--json"]).stdout)
        #expect(!until.isEmpty && until.allSatisfy { (start($0) ?? .distantFuture) < cut }, "until \(cut): \(until.compactMap(start))")
        #expect(Set(until.compactMap { $0["id"] as? String }).isDisjoint(with: since.compactMap { $0["id"] as? String }))
    }

    @Test(arguments: ["proxy", "direct"])
    func aFinishedEventPlaysToEnded(network: String) async throws {
        let zm = try await ZoneMinderServer.shared()
        let (binary, _) = try await signedIn(zm)
        let event = try await finishedEvent(binary, zm)
        let id = try #require(event["id"] as? String)
        let run = try await binary.run(["play", id, "--server", zm.server, "--network", network, "--video", "none", "--no-audio",
                                        "--speed", "2", "--json"])
        #expect(run.status == 0, "\(run.stdout.suffix(600))\n\(run.stderr)")
        let states = lines(run.stdout)
        #expect(states.last?["finish"] as? String == "ended", "\(run.stdout.suffix(400))")
        let positions = states.compactMap { $0["position"] as? Double }
        let duration = try #require(states.compactMap { $0["duration"] as? Double }.last)
        #expect(duration > 5 && duration < 30)
        #expect((positions.max() ?? 0) >= duration - 1.5, "played to its end: \(positions) of \(duration)")
        #expect(leaks(binary, [run.stdout, run.stderr]).isEmpty)
    }

    /// `--start`: the MP4 is read from the position (a range request), in both modes.
    @Test(arguments: ["proxy", "direct"])
    func aStartPositionSeeksInTheMP4(network: String) async throws {
        let zm = try await ZoneMinderServer.shared()
        let (binary, _) = try await signedIn(zm)
        let id = try #require(try await finishedEvent(binary, zm)["id"] as? String)
        let run = try await binary.run(["play", id, "--server", zm.server, "--network", network, "--video", "none", "--no-audio",
                                        "--start", "5", "--json"])
        #expect(run.status == 0, "\(run.stdout.suffix(600))\n\(run.stderr)")
        let states = lines(run.stdout)
        #expect(states.last?["finish"] as? String == "ended")
        let playing = states.filter { $0["playback"] as? String == "playing" }.compactMap { $0["position"] as? Double }
        let first = try #require(playing.first, "it played: \(run.stdout.suffix(400))")
        #expect(first >= 4.5 && first < 7, "began at the start position: \(playing)")
    }

    /// The event's MP4, saved whole (ZoneMinder's own file, byte for byte) with its duration.
    @Test func exportSavesTheEventsMP4() async throws {
        let zm = try await ZoneMinderServer.shared()
        let (binary, _) = try await signedIn(zm)
        let event = try await finishedEvent(binary, zm, monitor: 2)
        let id = try #require(event["id"] as? String)
        let file = binary.home.appending(path: "zm-\(id).mp4")
        let run = try await binary.run(["export", id, "--server", zm.server, "--output", file.path])
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let probe = try await FFprobe.probe(file)
        #expect(probe.formatName.contains("mp4"), "\(probe.formatName)")
        #expect(probe.streamTypes.contains("video"))
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let start = try #require((event["startTime"] as? String).flatMap { format.date(from: $0) ?? ISO8601DateFormatter().date(from: $0) })
        let end = try #require((event["endTime"] as? String).flatMap { format.date(from: $0) ?? ISO8601DateFormatter().date(from: $0) })
        #expect(abs(probe.duration - end.timeIntervalSince(start)) < 1.5, "\(probe.duration) s for an event of \(end.timeIntervalSince(start)) s")
        let token = try await zm.signIn()
        let original = try await Self.download(zm.url.appending(path: "index.php").appending(queryItems: [
            URLQueryItem(name: "view", value: "view_video"), URLQueryItem(name: "eid", value: id), URLQueryItem(name: "token", value: token)]))
        #expect(try Data(contentsOf: file) == original, "the server's MP4, byte for byte")
        #expect(leaks(binary, [run.stdout, run.stderr]).isEmpty)
    }

    /// The stored access token has expired on the server (its 401 "Expired token"): the refresh
    /// token gives a fresh one, which is kept, and the playback plays to its end.
    @Test func anExpiredTokenIsRefreshedAndPlaybackGoesOn() async throws {
        let zm = try await ZoneMinderServer.shared()
        let (binary, _) = try await signedIn(zm)
        let id = try #require(try await finishedEvent(binary, zm)["id"] as? String)
        let sessionFile = binary.home.appending(path: "state/eventplayer/session.json")
        var session = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: sessionFile)) as? [String: Any])
        session["accessToken"] = try Self.expiredToken(zm)
        try Self.store(session, in: sessionFile)
        let run = try await binary.run(["play", id, "--server", zm.server, "--network", "proxy", "--video", "none", "--no-audio",
                                        "--speed", "4", "--json", "--log-level", "debug"])
        #expect(run.status == 0, "\(run.stdout.suffix(600))\n\(run.stderr)")
        #expect(lines(run.stdout).last?["finish"] as? String == "ended", "\(run.stdout.suffix(400))")
        let log = try String(contentsOf: binary.home.appending(path: "state/eventplayer/eventplayer.log"), encoding: .utf8)
        #expect(log.contains("access token refreshed"), "the refresh token gave a new access token")
        #expect(leaks(binary, [run.stdout, run.stderr]).isEmpty)
        let saved = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: sessionFile)) as? [String: Any])
        #expect(saved["accessToken"] as? String != session["accessToken"] as? String, "the fresh token is kept")
    }

    /// A session whose access token is near its end (within 10 minutes and a little): the next
    /// command takes a fresh one with the refresh token before using it, and keeps it.
    @Test func aTokenNearItsEndIsRefreshedBeforeItIsUsed() async throws {
        let zm = try await ZoneMinderServer.shared()
        let (binary, _) = try await signedIn(zm)
        let sessionFile = binary.home.appending(path: "state/eventplayer/session.json")
        var session = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: sessionFile)) as? [String: Any])
        let old = try #require(session["accessToken"] as? String)
        session["expiresAt"] = ISO8601DateFormatter().string(from: Date().addingTimeInterval(300))
        try Self.store(session, in: sessionFile)
        try await Task.sleep(for: .seconds(1.1))   // ZoneMinder's tokens are the same within a second
        let run = try await binary.run(["events", "--server", zm.server, "--limit", "3", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let saved = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: sessionFile)) as? [String: Any])
        #expect(saved["accessToken"] as? String != old, "a fresh token")
        let until = try #require((saved["expiresAt"] as? String).flatMap { ISO8601DateFormatter().date(from: $0)
            ?? { let f = ISO8601DateFormatter(); f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]; return f.date(from: $0) }($0) })
        #expect(until.timeIntervalSinceNow > 3000, "good for ZoneMinder's two hours again: \(until)")
        #expect(leaks(binary, [run.stdout, run.stderr]).isEmpty)
    }

    /// The proxy with a token the server refuses: ZoneMinder answers the video request with its
    /// error page (200 or 206 `text/html`), which the proxy takes for a refusal: it asks for a
    /// fresh token once and the player gets the video (206 `video/mp4`), never the page.
    @Test func theProxyTakesZoneMindersErrorPageForARefusalAndRefreshesOnce() async throws {
        let zm = try await ZoneMinderServer.shared()
        let id = try #require(try await zm.waitForFinishedEvents(1, monitor: 1, timeout: 60).first)
        let fresh = try await zm.signIn()
        let tokens = TwoTokens(first: try Self.expiredToken(zm), fresh: fresh)
        var source = PlaybackSource(eventID: String(id), videoURL: zm.url.appending(path: "index.php").appending(queryItems: [
            URLQueryItem(name: "view", value: "view_video"), URLQueryItem(name: "eid", value: String(id))]),
            bucket: "session", startTime: Date().addingTimeInterval(-60), endTime: Date().addingTimeInterval(-50))
        source.credential = .queryItem("token")
        source.isFile = true
        let server = try await PlaybackProxyServer.start()
        let playback = try server.register(ProxyConfiguration(source: source, pipeline: NetworkPipeline(), tokens: tokens))
        let answer = try await Self.fetch(playback.url, range: "0-99")
        #expect(answer.status == 206 && answer.contentType == "video/mp4", "\(answer)")
        #expect(answer.bytes == 100)
        #expect(await playback.tokenRefreshes == 1)
        #expect(tokens.asked.value == [false, true], "the first token, then one refresh")
        // With the fresh token in force, the next range goes at once.
        let again = try await Self.fetch(playback.url, range: "1000-1099")
        #expect(again.status == 206 && again.contentType == "video/mp4")
        #expect(await playback.tokenRefreshes == 1)
        #expect(tokens.asked.value == [false, true, false], "asked for the current token again: the fresh one")
        server.unregister(playback)
        await server.stop()
    }

    /// ZoneMinder 1.36 writes an event's MP4 when the event closes: playing one still recording
    /// says so instead of failing in the player.
    @Test func anEventStillRecordingSaysWhyItCannotPlay() async throws {
        let zm = try await ZoneMinderServer.shared()
        let (binary, _) = try await signedIn(zm)
        let listed = try json(try await binary.run(["events", "--server", zm.server, "--limit", "10", "--json"]).stdout)
        let live = try #require(listed.first { $0["endTime"] == nil }, "the monitors record all the time: one event is open")
        let run = try await binary.run(["play", try #require(live["id"] as? String), "--server", zm.server, "--video", "none", "--no-audio"])
        #expect(run.status == 1)
        #expect((run.stdout + run.stderr).contains("still recording, and the server writes its video when it ends"), "\(run.stdout)\(run.stderr)")
    }

    // MARK: - Helpers

    /// An access token for the test user signed with the server's secret, expired a minute ago.
    static func expiredToken(_ zm: ZoneMinderServer) throws -> String {
        try forgedToken(zm, expiresIn: -60)
    }

    /// An access token for the test user signed with the server's secret (as ZoneMinder signs its
    /// own), which the server takes until `expiresIn` seconds from now.
    static func forgedToken(_ zm: ZoneMinderServer, expiresIn: Int) throws -> String {
        let secret = try String(contentsOfFile: zm.stateDir + "/secret", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        func base64URL(_ data: Data) -> String {
            data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
        let now = Int(Date().timeIntervalSince1970)
        let header = base64URL(Data(#"{"typ":"JWT","alg":"HS256"}"#.utf8))
        let payload = base64URL(Data(#"{"iss":"ZoneMinder","iat":\#(now - 3600),"exp":\#(now + expiresIn),"user":"\#(zm.user)","type":"access"}"#.utf8))
        let signature = HMAC<SHA256>.authenticationCode(for: Data("\(header).\(payload)".utf8), using: SymmetricKey(data: Data(secret.utf8)))
        return "\(header).\(payload).\(base64URL(Data(signature)))"
    }

    /// Writes `session` over the stored session in place: the file keeps its 0600.
    static func store(_ session: [String: Any], in file: URL) throws {
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: JSONSerialization.data(withJSONObject: session))
        try handle.close()
    }

    /// A status, content type and body size of a GET with `Range`, by curl off the cooperative pool.
    static func fetch(_ url: URL, range: String) async throws -> (status: Int, contentType: String, bytes: Int) {
        let text: String = try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result {
                    let process = Process()
                    process.executableURL = URL(filePath: "/usr/bin/curl")
                    process.arguments = ["-s", "-o", "/dev/null", "-r", range, "-w", "%{http_code} %{content_type} %{size_download}", url.absoluteString]
                    let out = Pipe()
                    process.standardOutput = out
                    try process.run()
                    let data = out.fileHandleForReading.readDataToEndOfFile()
                    process.waitUntilExit()
                    return String(decoding: data, as: UTF8.self)
                })
            }.start()
        }
        let fields = text.split(separator: " ")
        return (Int(fields.first ?? "") ?? 0, fields.count > 1 ? String(fields[1]) : "", Int(fields.last ?? "") ?? -1)
    }

    /// GETs `url` off the cooperative pool (curl: the test process has no HTTP client of its own).
    static func download(_ url: URL) async throws -> Data {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result {
                    let process = Process()
                    process.executableURL = URL(filePath: "/usr/bin/curl")
                    process.arguments = ["-sf", url.absoluteString]
                    let out = Pipe()
                    process.standardOutput = out
                    try process.run()
                    let data = out.fileHandleForReading.readDataToEndOfFile()
                    process.waitUntilExit()
                    return data
                })
            }.start()
        }
    }
}

/// The refused token first, a good one once refreshed (and from then on, as the app's token
/// cache answers); records what it was asked.
final class TwoTokens: MediaTokenSource {
    let first: String
    let fresh: String
    let asked = Locked<[Bool]>([])
    let refreshed = Locked(false)

    init(first: String, fresh: String) {
        self.first = first
        self.fresh = fresh
    }

    func token(refresh: Bool) async throws -> String {
        asked.withLock { $0.append(refresh) }
        if refresh { refreshed.value = true }
        return refreshed.value ? fresh : first
    }
}
