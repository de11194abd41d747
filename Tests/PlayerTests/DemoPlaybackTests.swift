import DemoBackend
import Foundation
import PlaybackStates
import Testing
@testable import Player

extension RealMPV {
    /// Real libmpv playing the real demo backend's media over HTTP (port 0), authorised by the
    /// `Authorization` header only (the remote URL carries no token), as a live event plays.
    @Suite struct DemoPlayback {
        @Test(arguments: ["evt-endlist", "evt-fmp4", "evt-master", "evt-extensionless", "evt-stale-auth"])
        func playsToEndedSendingTheHeaderToken(eventID: String) async throws {
            let demo = try await DemoMedia.start()
            defer { Task { await demo.server.stop() } }
            let (url, token) = try demo.source(eventID)
            #expect(!(url.query ?? "").contains("Authorization"))
            let driver = try PlayerDriver(PlayerDriver.configuration(speed: 4))
            let id = try driver.player.load(MediaSource(url: url, authorizationToken: token))
            await driver.run { $0.finish != nil }
            #expect(driver.finishes(of: id) == [.ended], "log: \(driver.player.recentLogMessages)")
            let duration = try #require(driver.player.snapshot.progress.duration)
            #expect(abs(duration - 10) < 0.5)
            let media = await demo.server.requestLog().filter { $0.path.contains("/\(eventID)/") }
            #expect(media.count >= 6)  // playlist(s) + 5 segments (+ init)
            #expect(media.allSatisfy { $0.tokenSource == .header && $0.mediaToken == token && $0.status == 200 }, "\(media)")
            #expect(!media.contains { $0.mediaToken == "stale-token" })
            if eventID == "evt-stale-auth" { #expect(media.first?.query == "quality=high") }
        }

        @Test func brokenSegmentIsAnErrorNotEnded() async throws {
            let demo = try await DemoMedia.start()
            defer { Task { await demo.server.stop() } }
            let (url, token) = try demo.source("evt-broken")
            let driver = try PlayerDriver(PlayerDriver.configuration(speed: 4))
            let id = try driver.player.load(MediaSource(url: url, authorizationToken: token))
            await driver.run { $0.finish != nil }
            guard case .error(let message)? = driver.finishes(of: id).first else {
                Issue.record("expected an error, got \(driver.finishes(of: id))")
                return
            }
            #expect(message.contains("segment 2 failed (HTTP error 500 Internal Server Error)"), "\(message)")
        }

        @Test func missingPlaylistIsAnErrorWithTheHTTPReason() async throws {
            let demo = try await DemoMedia.start()
            defer { Task { await demo.server.stop() } }
            let (url, token) = try demo.source("evt-endlist")
            let missing = url.deletingLastPathComponent().appending(path: "nope.m3u8")
            let driver = try PlayerDriver()
            let id = try driver.player.load(MediaSource(url: missing, authorizationToken: token))
            await driver.run { $0.finish != nil }
            guard case .error(let message)? = driver.finishes(of: id).first else {
                Issue.record("expected an error, got \(driver.finishes(of: id))")
                return
            }
            #expect(message.contains("HTTP error 404 Not Found"), "\(message)")
            #expect(!driver.updates(of: id).contains { if case .accessDenied = $0 { true } else { false } })
        }

        @Test func wrongTokenIsAccessDenied() async throws {
            let demo = try await DemoMedia.start()
            defer { Task { await demo.server.stop() } }
            let (url, _) = try demo.source("evt-endlist")
            let driver = try PlayerDriver()
            let id = try driver.player.load(MediaSource(url: url, authorizationToken: "not-a-token"))
            await driver.run { $0.finish != nil }
            let denied = driver.updates(of: id).compactMap { if case .accessDenied(let d) = $0 { d } else { nil } }
            #expect(denied.map(\.status) == [403])
            #expect(driver.player.recentLogMessages.allSatisfy { !$0.text.contains("not-a-token") })
        }

        /// The token expires mid-play: the player reports access denied with the position; the
        /// owner (here the test, as the App does) refetches tokens and reloads there.
        @Test func expiredTokenMidPlayIsRefreshedAndResumed() async throws {
            let demo = try await DemoMedia.start()
            defer { Task { await demo.server.stop() } }
            let (url, token) = try demo.source("evt-live", isLive: true)
            let driver = try PlayerDriver()
            let first = try driver.player.load(MediaSource(url: url, authorizationToken: token, isLive: true))
            #expect(await driver.run { $0.playback == .playing && $0.progress.position > 1 })
            await demo.server.faults.expireMediaTokens()
            #expect(await driver.run(limit: .seconds(15)) { _ in
                driver.updates(of: first).contains { if case .accessDenied = $0 { true } else { false } }
            })
            let denied = try #require(driver.updates(of: first).compactMap { if case .accessDenied(let d) = $0 { d } else { nil } }.first)
            #expect(denied.position > 1)
            let fresh = try await demo.refreshed().source("evt-live", isLive: true)
            #expect(fresh.token != token)
            let second = try driver.player.load(MediaSource(url: fresh.url, authorizationToken: fresh.token, isLive: true), startAt: denied.position)
            await driver.run(limit: .seconds(30)) { $0.finish != nil }
            #expect(driver.finishes(of: second) == [.ended], "log: \(driver.player.recentLogMessages)")
            let positions = driver.updates(of: second).compactMap { if case .progress(let p) = $0 { p.position } else { nil } }
            #expect((positions.first ?? 0) >= denied.position - 0.5)
        }

        @Test func liveEventGrowsThenEnds() async throws {
            let demo = try await DemoMedia.start()
            defer { Task { await demo.server.stop() } }
            let (url, token) = try demo.source("evt-live", isLive: true)
            let driver = try PlayerDriver()
            let id = try driver.player.load(MediaSource(url: url, authorizationToken: token, isLive: true))
            await driver.run(limit: .seconds(40)) { $0.finish != nil }
            #expect(driver.finishes(of: id) == [.ended], "log: \(driver.player.recentLogMessages)")
            #expect(abs((driver.player.snapshot.progress.duration ?? 0) - 10) < 0.5)
            let log = await demo.server.requestLog().filter { $0.path.contains("/evt-live/") }
            #expect(log.filter { $0.path.hasSuffix(".m3u8") }.count > 1)  // reloaded as it grew
            #expect(log.allSatisfy { $0.tokenSource == .header })
        }

        /// A segment slower than usual (but inside the network timeout): stalled, then it plays on.
        @Test func slowSegmentShowsStalledThenRecovers() async throws {
            let demo = try await DemoMedia.start()
            defer { Task { await demo.server.stop() } }
            let (url, token) = try demo.source("evt-endlist")
            await demo.server.faults.delay(seconds: 7, pathPrefix: url.deletingLastPathComponent().appending(path: "segment2.ts").path)
            var configuration = PlayerDriver.configuration()
            configuration.networkTimeout = 10
            let driver = try PlayerDriver(configuration)
            let id = try driver.player.load(MediaSource(url: url, authorizationToken: token))
            await driver.run(limit: .seconds(30)) { $0.finish != nil }
            let loads = driver.updates(of: id).compactMap { if case .load(let l) = $0 { l } else { nil } }
            #expect(loads.contains { if case .stalled = $0 { true } else { false } }, "\(loads)")
            #expect(driver.finishes(of: id) == [.ended], "log: \(driver.player.recentLogMessages)")
        }

        /// A segment that hangs past the network timeout: mpv 0.35 keeps retrying it, stalled
        /// for ever; the stall watchdog turns that into an error naming the segment.
        @Test func hungSegmentShowsStalledThenAnError() async throws {
            let demo = try await DemoMedia.start()
            defer { Task { await demo.server.stop() } }
            let (url, token) = try demo.source("evt-endlist")
            await demo.server.faults.delay(seconds: 60, pathPrefix: url.deletingLastPathComponent().appending(path: "segment2.ts").path)
            var configuration = PlayerDriver.configuration()
            configuration.networkTimeout = 2
            configuration.stallTimeout = 5
            let driver = try PlayerDriver(configuration)
            let id = try driver.player.load(MediaSource(url: url, authorizationToken: token))
            await driver.run(limit: .seconds(40)) { $0.finish != nil }
            let loads = driver.updates(of: id).compactMap { if case .load(let l) = $0 { l } else { nil } }
            #expect(loads.contains { if case .stalled = $0 { true } else { false } }, "\(loads)")
            guard case .error(let message)? = driver.finishes(of: id).first else {
                Issue.record("expected an error, got \(driver.finishes(of: id)); log: \(driver.player.recentLogMessages)")
                return
            }
            #expect(message.hasPrefix("stalled for 5 s at 0:0"), "\(message)")
            #expect(message.contains("segment 2 failed"), "\(message)")
            #expect(driver.player.snapshot.playback == .stopped)
            #expect(PlayerDriver.mpvThreads().isEmpty)
        }

        @Test func backendGoneMidPlayIsAnError() async throws {
            let demo = try await DemoMedia.start()
            let (url, token) = try demo.source("evt-endlist")
            // Slow segments so the cache cannot hold everything before the server goes.
            await demo.server.faults.delay(seconds: 1.5, pathPrefix: url.deletingLastPathComponent().path)
            var configuration = PlayerDriver.configuration()
            configuration.networkTimeout = 3
            let driver = try PlayerDriver(configuration)
            let id = try driver.player.load(MediaSource(url: url, authorizationToken: token))
            #expect(await driver.run { $0.playback == .playing })
            await demo.server.stop()
            await driver.run(limit: .seconds(30)) { $0.finish != nil }
            guard case .error(let message)? = driver.finishes(of: id).first else {
                Issue.record("expected an error, got \(driver.finishes(of: id)); log: \(driver.player.recentLogMessages)")
                return
            }
            #expect(message.contains("failed") || message.contains("early"), "\(message)")
        }
    }
}
