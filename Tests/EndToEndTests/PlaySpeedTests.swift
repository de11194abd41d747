import DemoBackend
import Foundation
import TestSupport
import Testing

/// `play --speed` and the config file's `speed`: between the first and the last
/// "playing" line, media seconds over wall seconds (the lines' `ms`) is about the speed.
@Suite("eventplayer play --speed / config speed", .serialized, .machineShare)
struct PlaySpeedTests {
    /// Media seconds per wall second over the "playing" JSON lines.
    static func rate(_ stdout: String) -> Double {
        let playing = stdout.split(separator: "\n")
            .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .filter { $0["playback"] as? String == "playing" }
            .compactMap { line in (line["position"] as? Double).flatMap { p in (line["ms"] as? Int).map { (p, Double($0) / 1000) } } }
        guard let first = playing.first, let last = playing.last, last.1 > first.1 else { return 0 }
        return (last.0 - first.0) / (last.1 - first.1)
    }

    /// The speed the playing lines report (the player's `speed`).
    static func speeds(_ stdout: String) -> Set<Double> {
        Set(stdout.split(separator: "\n")
            .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .filter { $0["playback"] as? String == "playing" }
            .compactMap { $0["speed"] as? Double })
    }

    /// The player is set to the speed asked for (checked exactly), and it shows: 4× plays clearly
    /// faster than real time, 1× does not. (How much faster depends on the machine's load: 1.9×
    /// was seen for 4× beside a full test run, so the bound is loose.)
    @Test(.timeLimit(.minutes(2)))
    func theFlagAndTheConfigFileSetTheSpeed() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let binary = try Binary()
        try #require(try await binary.login(server.baseURL).status == 0)
        let arguments = ["play", "evt-endlist", "--server", server.baseURL.absoluteString, "--video", "none", "--no-audio", "--json"]
        let flag = try await binary.run(arguments + ["--speed", "4"])
        #expect(flag.status == 0, "\(flag.stderr)")
        #expect(Self.speeds(flag.stdout) == [4], "4×\n\(flag.stdout)")
        #expect(Self.rate(flag.stdout) > 1.4, "4×\n\(flag.stdout)")
        _ = try binary.writeConfig("speed = 4\n")
        let config = try await binary.run(arguments)
        #expect(config.status == 0, "\(config.stderr)")
        #expect(Self.speeds(config.stdout) == [4], "speed = 4 in the config file\n\(config.stdout)")
        #expect(Self.rate(config.stdout) > 1.4, "speed = 4 in the config file\n\(config.stdout)")
        let normal = try await binary.run(arguments + ["--speed", "1"])
        #expect(Self.speeds(normal.stdout) == [1], "the flag wins: 1×\n\(normal.stdout)")
        #expect(Self.rate(normal.stdout) < 1.6, "the flag wins: 1×\n\(normal.stdout)")
    }

    @Test func aSpeedOutOfRangeIsAUsageError() async throws {
        let binary = try Binary()
        let result = try await binary.run(["play", "evt-endlist", "--speed", "20"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("--speed must be from 0.25 to 16, not 20.0"), "\(result.stderr)")
        let config = try binary.writeConfig("speed = 0.1\n")
        let fromFile = try await binary.run(["play", "evt-endlist"])
        #expect(fromFile.status == 2, "\(fromFile.stderr)")
        #expect(fromFile.stderr.contains("\(config.path):1: speed must be a number from 0.25 to 16 (got 0.1)"), "\(fromFile.stderr)")
    }
}
