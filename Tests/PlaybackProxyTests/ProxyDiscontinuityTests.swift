import Foundation
import Player
import PlaybackStates
import Testing
@testable import PlaybackProxy
import Playlist

/// `evt-discontinuity` (two 12 s parts whose timestamps each start at 0) through the proxy: the
/// proxy serves each part's playlist and the player joins them into one timeline. Before, the
/// whole playlist played as one file ("ended early at 0:22 of 0:24"), and a start or a seek into
/// the second part ended the playback at once.
extension ProxyPlayback {
    /// From the first sample at or beyond `from` on: never back, in the second part's range, to the end.
    static func expectSecondPart(_ positions: [Double], from: Double) {
        let after = Array(positions.drop { $0 < from - 0.5 })
        #expect(!after.isEmpty, "\(positions)")
        #expect(after.allSatisfy { $0 >= from - 0.5 && $0 <= 24.1 }, "\(after)")
        #expect((after.max() ?? 0) > 23, "played to the end: \(after)")
        #expect(after.contains { $0 > from + 1 && $0 < 23 }, "played on from \(from), not jumped to the end: \(after)")
        for (a, b) in zip(after, after.dropFirst()) { #expect(b >= a - 0.1, "\(a) -> \(b)") }
    }

    @Test func theDiscontinuousEventPlaysAsOneTimelineThroughTheProxy() async throws {
        let origin = try await DemoOrigin.start()
        defer { Task { await origin.stop() } }
        let proxy = try origin.proxy("evt-discontinuity", pipeline: Self.pipeline())
        let parts = await proxy.parts()
        #expect(parts.map(\.start) == [0, 12])
        #expect(parts.allSatisfy { $0.url.absoluteString.hasPrefix(proxy.baseURL.absoluteString) }, "\(parts)")
        let (driver, id) = try await Self.play(proxy)
        #expect(driver.finishes(of: id) == [.ended], "log: \(driver.player.recentLogMessages.suffix(10))")
        let positions = driver.positions(of: id)
        #expect((positions.max() ?? 0) > 23, "\(positions)")
        #expect(positions.contains { $0 > 12.5 && $0 < 20 }, "positions after the join: \(positions)")
        for (a, b) in zip(positions, positions.dropFirst()) { #expect(b >= a - 0.1, "never back on its own: \(a) -> \(b)") }
        #expect(driver.player.snapshot.progress.duration.map { abs($0 - 24) < 0.5 } == true)
    }

    @Test func aStartInTheSecondPartPlaysOnToTheEndThroughTheProxy() async throws {
        let origin = try await DemoOrigin.start()
        defer { Task { await origin.stop() } }
        let proxy = try origin.proxy("evt-discontinuity", pipeline: Self.pipeline())
        let driver = try PlayerDriver(speed: 2)
        let id = try driver.player.load(await Self.source(proxy), startAt: 18)
        await driver.run { $0.end != nil }
        #expect(driver.finishes(of: id) == [.ended], "log: \(driver.player.recentLogMessages.suffix(10))")
        Self.expectSecondPart(driver.positions(of: id), from: 18)
    }

    @Test func aSeekIntoTheSecondPartPlaysOnToTheEndThroughTheProxy() async throws {
        let origin = try await DemoOrigin.start()
        defer { Task { await origin.stop() } }
        let proxy = try origin.proxy("evt-discontinuity", pipeline: Self.pipeline())
        let driver = try PlayerDriver(speed: 2)
        let id = try driver.player.load(await Self.source(proxy))
        #expect(await driver.run { $0.progress.position >= 5 })
        let before = driver.positions(of: id).count
        driver.player.seek(to: 18)
        await driver.run { $0.end != nil }
        #expect(driver.finishes(of: id) == [.ended], "log: \(driver.player.recentLogMessages.suffix(10))")
        let after = Array(driver.positions(of: id).dropFirst(before))
        Self.expectSecondPart(after, from: 18)
        #expect(after.contains { $0 >= 18 && $0 < 21 }, "\(after)")
    }

    /// The playlist fetched for the parts fails (after the pipeline's retries): the player's
    /// request gets that answer, not a second round of retries (twice the wait before the error).
    @Test func aPlaylistThatFailsForThePartsIsNotFetchedAgainByThePlayer() async throws {
        let origin = try await DemoOrigin.start()
        defer { Task { await origin.stop() } }
        await origin.server.faults.failPath(containing: "/evt-endlist/", status: 500)
        let proxy = try origin.proxy("evt-endlist", pipeline: Self.pipeline(retries: 2))
        let failures = proxy.events()
        let source = await Self.source(proxy)
        #expect(source.parts.isEmpty)
        let driver = try PlayerDriver(speed: 4)
        let id = try driver.player.load(source)
        await driver.run { $0.end != nil }
        guard case .error? = driver.finishes(of: id).first else {
            Issue.record("finished \(driver.finishes(of: id)), not with an error")
            return
        }
        let playlists = await origin.server.requestLog().filter { $0.path.contains("/evt-endlist/") }
        #expect(playlists.count == 3, "one request and 2 retries: \(playlists.map { "\($0.path) \($0.status)" })")
        origin.unregister(proxy)
        var reported: [String] = []
        for await event in failures { if case .failed(let failure) = event { reported.append(failure.description) } }
        #expect(reported.count == 1 && reported.first?.contains("500") == true, "\(reported)")
    }
}
