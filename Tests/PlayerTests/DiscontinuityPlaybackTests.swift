import Foundation
import PlaybackStates
import Testing
@testable import Player

extension RealMPV {
    /// `evt-discontinuity` (two 12 s parts whose timestamps each start at 0) in direct mode, as
    /// one timeline of its parts: a start or a seek into the second part plays on to the end.
    /// Before, ffmpeg dropped every packet after such a seek and the playback ended at once.
    @Suite struct DiscontinuityPlayback {
        /// The positions of the `.progress` updates of `id`.
        static func positions(_ driver: PlayerDriver, _ id: PlaybackID) -> [Double] {
            driver.updates(of: id).compactMap { kind -> Double? in
                if case .progress(let progress) = kind { return progress.position } else { return nil }
            }
        }

        /// After the first sample at or beyond `from`, the position never goes back and stays in the
        /// second part's range, up to the end.
        static func expectSecondPart(_ positions: [Double], from: Double) {
            let after = Array(positions.drop { $0 < from - 0.5 })
            #expect(!after.isEmpty, "\(positions)")
            #expect(after.allSatisfy { $0 >= from - 0.5 && $0 <= 24.1 }, "\(after)")
            #expect((after.max() ?? 0) > 23, "played to the end: \(after)")
            #expect(after.contains { $0 > from + 1 && $0 < 23 }, "played on from \(from), not jumped to the end: \(after)")
            for (a, b) in zip(after, after.dropFirst()) { #expect(b >= a - 0.1, "\(a) -> \(b)") }
        }

        @Test func aStartInTheSecondPartPlaysOnToTheEnd() async throws {
            let demo = try await DemoMedia.start()
            defer { Task { await demo.server.stop() } }
            let source = try await demo.privateSource("evt-discontinuity")
            defer { try? FileManager.default.removeItem(at: source.url.deletingLastPathComponent()) }
            #expect(source.parts.map(\.start) == [0, 12])
            var configuration = PlayerDriver.configuration(speed: 2)
            configuration.progressInterval = .milliseconds(200)
            let driver = try PlayerDriver(configuration)
            let id = try driver.player.load(source, startAt: 18)
            await driver.run(limit: .seconds(60)) { $0.end != nil }
            #expect(driver.finishes(of: id) == [.ended], "log: \(driver.player.recentLogMessages.suffix(10))")
            Self.expectSecondPart(Self.positions(driver, id), from: 18)
            #expect(driver.player.snapshot.progress.duration.map { abs($0 - 24) < 0.5 } == true)
        }

        @Test func aSeekFromTheFirstPartIntoTheSecondPlaysOnToTheEnd() async throws {
            let demo = try await DemoMedia.start()
            defer { Task { await demo.server.stop() } }
            let source = try await demo.privateSource("evt-discontinuity")
            defer { try? FileManager.default.removeItem(at: source.url.deletingLastPathComponent()) }
            let driver = try PlayerDriver(PlayerDriver.configuration(speed: 2))
            let id = try driver.player.load(source)
            #expect(await driver.run(limit: .seconds(30)) { $0.progress.position >= 5 })
            driver.forgetUpdates()
            driver.player.seek(to: 18)
            await driver.run(limit: .seconds(60)) { $0.end != nil }
            #expect(driver.finishes(of: id) == [.ended], "log: \(driver.player.recentLogMessages.suffix(10))")
            Self.expectSecondPart(Self.positions(driver, id), from: 18)
            #expect(Self.positions(driver, id).contains { $0 >= 18 && $0 < 21 }, "\(Self.positions(driver, id))")
        }
    }
}
