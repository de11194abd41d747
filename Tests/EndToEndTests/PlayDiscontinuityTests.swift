import DemoBackend
import Foundation
import TestSupport
import Testing

/// `eventplayer play evt-discontinuity` (two 12 s parts whose timestamps each start at 0, a
/// camera that reconnected) in both network modes: the whole event to "ended" with a position
/// that never goes back, and `--start 18` (in the second part) on to the end. Before: "error:
/// stream ended early at 0:22 of 0:24" through the proxy, and a start at 18 ended at once.
@Suite("eventplayer play: a discontinuous event in both network modes", .serialized, .machineShare)
struct PlayDiscontinuityTests {
    static func jsonLines(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    @Test(.timeLimit(.minutes(3)), arguments: ["proxy", "direct"])
    func theWholeEventAndAStartInTheSecondPartPlayToEnded(network: String) async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        try #require(server.fixedEventIDs.contains("evt-discontinuity"), "generated media missing (ffmpeg?)")
        let binary = try Binary()
        try #require(try await binary.login(server.baseURL).status == 0)
        let arguments = ["play", "evt-discontinuity", "--server", server.baseURL.absoluteString, "--video", "none",
                         "--no-audio", "--json", "--speed", "2", "--network", network]
        for start in [0.0, 18] {
            let run = try await binary.run(arguments + (start > 0 ? ["--start", "18"] : []))
            #expect(run.status == 0, "\(network) from \(start): \(run.stdout)\n\(run.stderr)")
            let lines = Self.jsonLines(run.stdout)
            #expect(lines.last?["finish"] as? String == "ended", "\(network) from \(start): \(run.stdout)")
            let positions = lines.filter { $0["playback"] as? String == "playing" }.compactMap { $0["position"] as? Double }
            #expect((positions.max() ?? 0) > 23, "\(network) from \(start): \(positions)")
            #expect(positions.allSatisfy { $0 >= start - 0.5 }, "\(network) from \(start): \(positions)")
            if start == 0 { #expect(positions.contains { $0 > 12.5 && $0 < 20 }, "after the join: \(positions)") }
            if start > 0 { #expect(positions.contains { $0 > 19 && $0 < 23 }, "played on from 18: \(positions)") }
            for (a, b) in zip(positions, positions.dropFirst()) { #expect(b >= a - 0.1, "\(network): \(a) -> \(b)") }
            let durations = lines.compactMap { $0["duration"] as? Double }
            #expect(durations.allSatisfy { abs($0 - 24) < 0.5 }, "the whole event: \(durations)")
        }
    }
}
