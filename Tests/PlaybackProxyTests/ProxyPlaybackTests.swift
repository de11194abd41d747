import DemoBackend
import Foundation
import Networking
import Player
import PlaybackStates
import Testing
@testable import PlaybackProxy
import Playlist

/// Real libmpv (vo=null, ao=null) playing the real demo backend's events through the proxy.
@Suite(.serialized) struct ProxyPlayback {
    /// A pipeline with a configured extra header on media segments.
    static func pipeline(retries: Int = 3) -> NetworkPipeline {
        var configuration = NetworkConfiguration()
        configuration.retry.maxRetries = retries
        configuration.retry.base = 0.05
        configuration.retry.cap = 0.2
        configuration.setHeader("X-Test-Client", "proxy-tests", for: .mediaSegment)
        return NetworkPipeline(configuration: configuration)
    }

    /// Plays `proxy.url` to its finish; returns the driver and the playback id.
    static func play(_ proxy: ProxiedPlayback, speed: Double = 4,
                     during: ((PlayerSnapshot) async -> Void)? = nil) async throws -> (PlayerDriver, PlaybackID) {
        let driver = try PlayerDriver(speed: speed)
        let id = try driver.player.load(await source(proxy))
        await driver.run { $0.end != nil }
        return (driver, id)
    }

    /// What `ProxyPreparer` gives the player: the proxy's URL and, for a discontinuous event, its parts.
    static func source(_ proxy: ProxiedPlayback) async -> MediaSource {
        var source = MediaSource(url: proxy.url, isLive: !proxy.isComplete)
        source.parts = await proxy.parts().map { MediaSource.Part(start: $0.start, url: $0.url) }
        return source
    }

    @Test(arguments: ["evt-endlist", "evt-no-endlist", "evt-fmp4", "evt-master", "evt-extensionless", "evt-stale-auth"])
    func everyDemoEventPlaysToEndedThroughTheProxy(eventID: String) async throws {
        let origin = try await DemoOrigin.start()
        defer { Task { await origin.stop() } }
        let pipeline = Self.pipeline()
        let proxy = try origin.proxy(eventID, pipeline: pipeline)
        let (driver, id) = try await Self.play(proxy)
        #expect(driver.finishes(of: id) == [.ended], "log: \(driver.player.recentLogMessages.suffix(10))")
        // The pipeline's own log (the TUI's `d` view) has every upstream attempt, with kinds and bytes.
        let attempts = pipeline.requestLog.snapshot()
        #expect(attempts.contains { $0.kind == .manifestHlsMaster && $0.status == 200 })
        #expect(attempts.filter { $0.kind == .mediaSegment && $0.status == 200 && $0.bytes > 0 }.count >= 5, "\(attempts)")
        let media = await origin.server.requestLog().filter { $0.path.contains("/\(eventID)/") }
        let token = try await origin.tokenProvider.tokens(refresh: false).token(forBucket: origin.source(eventID).bucket)
        #expect(media.filter { !$0.path.hasSuffix(".m3u8") }.count >= 5)
        for request in media {
            #expect(request.status == 200 && request.tokenSource == .query && request.mediaToken == token
                    && request.headers["authorization"] == token, "\(request)")
            if !request.path.hasSuffix(".m3u8") && !request.path.hasSuffix(".mp4") {
                #expect(request.headers["x-test-client"] == "proxy-tests", "\(request)")
            }
        }
        #expect(!media.contains { ($0.query ?? "").contains("stale-token") })
        #expect(proxy.liveUpstreamCount == 0)
        let records = proxy.requestLog.snapshot()
        #expect(records.contains { $0.kind == .mediaSegment && $0.status == 200 && $0.bytes > 0
                && $0.headers["Content-Type"] != nil })
    }

    @Test func liveEventPlaysToEndedWithPlaylistsFetchedAgain() async throws {
        var configuration = DemoConfiguration()
        configuration.liveSegmentInterval = 0.5
        let origin = try await DemoOrigin.start(configuration)
        defer { Task { await origin.stop() } }
        let proxy = try origin.proxy("evt-live", pipeline: Self.pipeline())
        #expect(!proxy.isComplete)
        let (driver, id) = try await Self.play(proxy, speed: 1)
        #expect(driver.finishes(of: id) == [.ended], "log: \(driver.player.recentLogMessages.suffix(10))")
        let playlists = await origin.server.requestLog().filter { $0.path.hasSuffix("/evt-live/index.m3u8") }
        #expect(playlists.count > 1)
    }

    @Test func aSegmentFailingThreeTimesHeals() async throws {
        let origin = try await DemoOrigin.start()
        defer { Task { await origin.stop() } }
        await origin.server.faults.failPath(containing: "/evt-endlist/segment2.ts", status: 500, times: 3)
        let proxy = try origin.proxy("evt-endlist", pipeline: Self.pipeline())
        let (driver, id) = try await Self.play(proxy)
        #expect(driver.finishes(of: id) == [.ended], "log: \(driver.player.recentLogMessages.suffix(10))")
        let positions = driver.positions(of: id)
        let jumps = zip(positions, positions.dropFirst()).filter { $1 - $0 > 1.5 }
        #expect(jumps.isEmpty, "position jumped: \(jumps)")
        let attempts = await origin.server.requestLog().filter { $0.path.hasSuffix("/evt-endlist/segment2.ts") }
        #expect(attempts.map(\.status) == [500, 500, 500, 200])
        #expect(proxy.requestLog.snapshot().contains { $0.target.hasSuffix("segment2.ts") && $0.attempt == 4 && $0.status == 200 })
    }

    @Test func aSegmentFailingAlwaysEndsAsAnErrorNamingIt() async throws {
        let origin = try await DemoOrigin.start()
        defer { Task { await origin.stop() } }
        let proxy = try origin.proxy("evt-broken", pipeline: Self.pipeline())
        let events = proxy.events()
        let (driver, id) = try await Self.play(proxy)
        origin.unregister(proxy)
        var failures: [ProxyFailure] = []
        for await event in events { if case .failed(let failure) = event { failures.append(failure) } }
        let failure = try #require(failures.first)
        #expect(failure.file == "segment2.ts" && failure.status == 500 && failure.attempts == 4, "\(failures)")
        #expect(failure.description == "segment2.ts failed: HTTP 500 after 4 attempts")
        // mpv skips the segment and plays on; the playback's session names what was skipped.
        let reason = Self.sessionFinish("evt-broken", proxy: proxy, failures: failures, player: driver.ends(of: id))
        #expect(reason == .error("segment2.ts failed: HTTP 500 after 4 attempts (played to the end; that part was skipped)")
                || reason.map { "\($0)" }?.hasPrefix("error: segment2.ts failed: HTTP 500 after 4 attempts (stream ended early") == true,
                "\(String(describing: reason)); the player said \(driver.finishes(of: id))")
    }

    @Test func originDyingMidSegmentEndsCleanly() async throws {
        let origin = try await DemoOrigin.start()
        defer { Task { await origin.stop() } }
        await origin.server.faults.dropConnection(pathPrefix: "/media/30-days/evt-endlist/segment3.ts", times: 100)
        let proxy = try origin.proxy("evt-endlist", pipeline: Self.pipeline())
        let events = proxy.events()
        let (driver, id) = try await Self.play(proxy)
        let finish = try #require(driver.finishes(of: id).first)
        #expect(finish != .userExited)
        #expect(proxy.liveUpstreamCount == 0)
        origin.unregister(proxy)
        var failures: [ProxyFailure] = []
        for await event in events { if case .failed(let failure) = event { failures.append(failure) } }
        #expect(failures.contains { $0.file == "segment3.ts" && $0.midBody }, "\(failures) / \(finish)")
        #expect(proxy.requestLog.snapshot().contains { $0.target.hasSuffix("segment3.ts") && $0.error != nil })
    }

    @Test func tokenExpiringMidPlayDoesNotInterruptPlayback() async throws {
        let origin = try await DemoOrigin.start()
        defer { Task { await origin.stop() } }
        let proxy = try origin.proxy("evt-endlist", pipeline: Self.pipeline())
        let driver = try PlayerDriver(speed: 1, readahead: 1)
        let id = try driver.player.load(MediaSource(url: proxy.url))
        #expect(await driver.run { $0.playback == .playing && $0.progress.position > 1 })
        await origin.server.faults.expireMediaTokens()
        await driver.run { $0.end != nil }
        #expect(driver.finishes(of: id) == [.ended], "log: \(driver.player.recentLogMessages.suffix(10))")
        #expect(await proxy.tokenRefreshes == 1)
        #expect(driver.pausePositions(of: id).allSatisfy { $0 > 9 }, "paused at \(driver.pausePositions(of: id))")
        let positions = driver.positions(of: id)
        #expect(zip(positions, positions.dropFirst()).allSatisfy { $1 - $0 < 1.5 }, "\(positions)")
        let rejected = await origin.server.requestLog().filter { $0.status == 403 }
        #expect(!rejected.isEmpty)
    }
}
