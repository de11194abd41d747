import DemoBackend
import Foundation
import PlaybackStates
import Testing
@testable import Player

extension RealMPV {
    /// The stream shapes real services serve (generated demo media, see `GeneratedMedia`), each
    /// played to its end by real libmpv in direct mode: the private rewritten playlist, the token
    /// in every URI (the key's too), as `--network direct` plays.
    @Suite struct ShapePlayback {
        static let shapes: [(String, Double)] = [
            ("evt-aes", 10), ("evt-byterange", 10), ("evt-hevc", 4), ("evt-audio-rendition", 10), ("evt-discontinuity", 24),
        ]

        @Test(arguments: shapes)
        func playsToEndedInDirectMode(eventID: String, duration: Double) async throws {
            let demo = try await DemoMedia.start()
            defer { Task { await demo.server.stop() } }
            try #require(demo.server.fixedEventIDs.contains(eventID), "generated media missing (ffmpeg?)")
            let source = try await demo.privateSource(eventID)
            let token = try #require(source.authorizationToken)
            defer { try? FileManager.default.removeItem(at: source.url.deletingLastPathComponent()) }
            let driver = try PlayerDriver(PlayerDriver.configuration(speed: 4))
            let id = try driver.player.load(source)
            await driver.run(limit: .seconds(60)) { $0.end != nil }
            #expect(driver.finishes(of: id) == [.ended], "log: \(driver.player.recentLogMessages.suffix(10))")
            let reported = try #require(driver.player.snapshot.progress.duration)
            #expect(abs(reported - duration) < 0.5)
            let media = await demo.server.requestLog().filter { $0.path.contains("/\(eventID)/") }
            #expect(media.allSatisfy { $0.mediaToken == token && ($0.status == 200 || $0.status == 206) }, "\(media)")
            switch eventID {
            case "evt-aes":
                #expect(media.contains { $0.path.hasSuffix("/enc.key") && $0.status == 200 }, "the key is fetched with the token: \(media.map { "\($0.path) \($0.status)" })")
            case "evt-byterange":
                #expect(media.filter { $0.path.hasSuffix("/media.ts") && $0.status == 206 }.count >= 5, "\(media)")
            case "evt-audio-rendition":
                #expect(media.contains { $0.path.contains("/audio/segment") }, "the audio rendition is played")
            default:
                break
            }
        }

        /// `evt-discontinuity`: two 12 s parts whose timestamps each start at 0, played as one
        /// timeline of its parts. Before, mpv's `time-pos` started again at the join and the end was
        /// "stream ended early at 0:11 of 0:24".
        @Test func theDiscontinuityCountsOnAcrossTheJoin() async throws {
            let demo = try await DemoMedia.start()
            defer { Task { await demo.server.stop() } }
            let source = try await demo.privateSource("evt-discontinuity")
            defer { try? FileManager.default.removeItem(at: source.url.deletingLastPathComponent()) }
            let driver = try PlayerDriver(PlayerDriver.configuration(speed: 4))
            let id = try driver.player.load(source)
            await driver.run(limit: .seconds(60)) { $0.end != nil }
            #expect(driver.finishes(of: id) == [.ended], "log: \(driver.player.recentLogMessages.suffix(10))")
            let positions = driver.updates(of: id).compactMap { kind -> Double? in
                if case .progress(let progress) = kind { return progress.position } else { return nil }
            }
            #expect((positions.max() ?? 0) > 23, "\(positions)")
            #expect(positions.contains { $0 > 12.5 && $0 < 20 }, "positions after the join: \(positions)")
            for (a, b) in zip(positions, positions.dropFirst()) {
                #expect(b >= a - 0.1, "the position never goes back on its own: \(a) -> \(b)")
            }
            #expect(driver.player.snapshot.progress.duration.map { abs($0 - 24) < 0.5 } == true)
        }
    }
}
