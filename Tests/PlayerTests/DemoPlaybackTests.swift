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
            await driver.run { $0.end != nil }
            #expect(driver.finishes(of: id) == [.ended], "log: \(driver.player.recentLogMessages)")
            let duration = try #require(driver.player.snapshot.progress.duration)
            #expect(abs(duration - 10) < 0.5)
            let media = await demo.server.requestLog().filter { $0.path.contains("/\(eventID)/") }
            #expect(media.count >= 6)  // playlist(s) + 5 segments (+ init)
            #expect(media.allSatisfy { $0.tokenSource == .header && $0.mediaToken == token && $0.status == 200 }, "\(media)")
            #expect(!media.contains { $0.mediaToken == "stale-token" })
            if eventID == "evt-stale-auth" { #expect(media.first?.query == "quality=high") }
        }

        /// `play --frames N`: mpv stops after N frames and the playback finishes as
        /// frameLimitReached; with keep-open mpv paused at 0:00 and nothing ever finished.
        @Test(arguments: [("evt-endlist", 2), ("evt-fmp4", 5), ("evt-master", 5), ("evt-endlist", 30)])
        func frameLimitFinishesAfterNFrames(eventID: String, frames: Int) async throws {
            let demo = try await DemoMedia.start()
            defer { Task { await demo.server.stop() } }
            let (url, token) = try demo.source(eventID)
            var configuration = PlayerDriver.configuration()
            configuration.frameLimit = frames
            configuration.audio = false  // as `play --no-audio`: with audio, its own end came later and hid the hang
            let driver = try PlayerDriver(configuration)
            let id = try driver.player.load(MediaSource(url: url, authorizationToken: token))
            await driver.run(limit: .seconds(20)) { $0.end != nil }
            #expect(driver.finishes(of: id) == [.frameLimitReached(frames: frames)], "log: \(driver.player.recentLogMessages)")
            #expect(driver.updates(of: id).contains(.firstFrame))
            // 25 fps: N frames are N/25 s of video.
            #expect(driver.player.snapshot.progress.position < Double(frames) / 25 + 0.5)
        }

        @Test func brokenSegmentIsAnErrorNotEnded() async throws {
            let demo = try await DemoMedia.start()
            defer { Task { await demo.server.stop() } }
            let (url, token) = try demo.source("evt-broken")
            let driver = try PlayerDriver(PlayerDriver.configuration(speed: 4))
            let id = try driver.player.load(MediaSource(url: url, authorizationToken: token))
            await driver.run { $0.end != nil }
            guard let message = driver.errorMessage(of: id) else { return }
            #expect(message.contains("segment 2 failed (HTTP error 500 Internal Server Error)"), "\(message)")
        }

        /// ffmpeg's log is process-global: libmpv hands it to the first mpv instance alive. A
        /// switch retires the old handle in the background, so the new handle used to start while
        /// the old one still owned ffmpeg's log, and the lines explaining the new playback's failure
        /// ("HTTP error 500", "Failed to open segment 2") never reached it. After a switch, the
        /// broken segment is still named.
        @Test func aBrokenSegmentIsNamedAfterASwitch() async throws {
            let demo = try await DemoMedia.start()
            defer { Task { await demo.server.stop() } }
            let (first, firstToken) = try demo.source("evt-endlist")
            let (broken, token) = try demo.source("evt-broken")
            await demo.server.faults.delay(seconds: 2, pathPrefix: first.deletingLastPathComponent().path)
            let driver = try PlayerDriver(PlayerDriver.configuration(speed: 4))
            try driver.player.load(MediaSource(url: first, authorizationToken: firstToken))
            await driver.run(for: .milliseconds(300))  // the first handle waits for its slow playlist
            let id = try driver.player.load(MediaSource(url: broken, authorizationToken: token))
            await driver.run { $0.end != nil }
            guard let message = driver.errorMessage(of: id) else { return }
            #expect(message.contains("segment 2 failed (HTTP error 500 Internal Server Error)"), "\(message)")
        }

        /// Segment 2 always fails, segment 4 fails once and then answers 200: only
        /// segment 2 was skipped, so only segment 2 is named.
        @Test func aSegmentThatRecoveredIsNotReportedAsAGap() async throws {
            let demo = try await DemoMedia.start()
            defer { Task { await demo.server.stop() } }
            let (url, token) = try demo.source("evt-broken")
            await demo.server.faults.failPath(containing: "evt-broken/segment4.ts", status: 500, times: 1)
            let driver = try PlayerDriver(PlayerDriver.configuration(speed: 4))
            let id = try driver.player.load(MediaSource(url: url, authorizationToken: token))
            await driver.run { $0.end != nil }
            let segment4 = await demo.server.requestLog().filter { $0.path.hasSuffix("evt-broken/segment4.ts") }.map(\.status)
            #expect(segment4 == [500, 200], "segment 4 failed once, then recovered")
            guard let message = driver.errorMessage(of: id) else { return }
            #expect(message.contains("segment 2 failed"), "\(message)")
            #expect(!message.contains("segments"), "\(message)")
            #expect(!message.contains("segment 4"), "\(message)")
        }

        @Test func missingPlaylistIsAnErrorWithTheHTTPReason() async throws {
            let demo = try await DemoMedia.start()
            defer { Task { await demo.server.stop() } }
            let (url, token) = try demo.source("evt-endlist")
            let missing = url.deletingLastPathComponent().appending(path: "nope.m3u8")
            let driver = try PlayerDriver()
            let id = try driver.player.load(MediaSource(url: missing, authorizationToken: token))
            await driver.run { $0.end != nil }
            guard let message = driver.errorMessage(of: id) else { return }
            #expect(message.contains("HTTP error 404 Not Found"), "\(message)")
            #expect(!driver.updates(of: id).contains { if case .accessDenied = $0 { true } else { false } })
        }

        @Test func wrongTokenIsAccessDenied() async throws {
            let demo = try await DemoMedia.start()
            defer { Task { await demo.server.stop() } }
            let (url, _) = try demo.source("evt-endlist")
            let driver = try PlayerDriver()
            let id = try driver.player.load(MediaSource(url: url, authorizationToken: "not-a-token"))
            await driver.run { $0.end != nil }
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
            await driver.run(limit: .seconds(30)) { $0.end != nil }
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
            await driver.run(limit: .seconds(40)) { $0.end != nil }
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
            await driver.run(limit: .seconds(30)) { $0.end != nil }
            let loads = driver.updates(of: id).compactMap { if case .load(let l) = $0 { l } else { nil } }
            #expect(loads.contains { if case .stalled = $0 { true } else { false } }, "\(loads)")
            #expect(driver.finishes(of: id) == [.ended], "log: \(driver.player.recentLogMessages)")
        }

        /// The server hangs from segment 2 on (each request past the network timeout): ffmpeg
        /// gives up on one segment after another while mpv waits for data; the stall watchdog
        /// turns that into an error naming where, the host and the segment.
        @Test func hungSegmentShowsStalledThenAnError() async throws {
            let demo = try await DemoMedia.start()
            defer { Task { await demo.server.stop() } }
            let (url, token) = try demo.source("evt-endlist")
            for segment in 2...4 {
                await demo.server.faults.delay(seconds: 60, pathPrefix: url.deletingLastPathComponent().appending(path: "segment\(segment).ts").path)
            }
            var configuration = PlayerDriver.configuration()
            // Shorter than the network timeout: ffmpeg would otherwise skip the hung segments
            // one after another and report "stream ended early … segments 2, 3, 4 failed".
            configuration.networkTimeout = 5
            configuration.stallTimeout = 3
            let driver = try PlayerDriver(configuration)
            let id = try driver.player.load(MediaSource(url: url, authorizationToken: token))
            await driver.run(limit: .seconds(40)) { $0.end != nil }
            let loads = driver.updates(of: id).compactMap { if case .load(let l) = $0 { l } else { nil } }
            #expect(loads.contains { if case .stalled = $0 { true } else { false } }, "\(loads)")
            guard let message = driver.errorMessage(of: id) else { return }
            #expect(message.hasPrefix("stalled for 3 s at 0:0"), "\(message)")
            #expect(message.contains("waiting for \(demo.server.baseURL.host!):\(demo.server.baseURL.port!)"), "\(message)")
            #expect(message.contains("segment2.ts") && message.contains("timed out"), "\(message)")
            #expect(driver.player.snapshot.playback == .stopped)
            driver.player.shutdown()
            #expect(PlayerDriver.mpvThreads().isEmpty)
        }

        /// A server that answers media only after 15 s: the load state says
        /// "connecting", then counts the seconds waited, and the watchdog's error names the
        /// timeout and the host (it used to be "stopped / unknown" for 80 s, then "unrecognized
        /// file format").
        @Test func aHungServerShowsTheWaitAndFailsNamingTheHost() async throws {
            let demo = try await DemoMedia.start()
            defer { Task { await demo.server.stop() } }
            let (url, token) = try demo.source("evt-endlist")
            await demo.server.faults.delay(seconds: 15, pathPrefix: url.deletingLastPathComponent().path)
            var configuration = PlayerDriver.configuration()
            configuration.networkTimeout = 10
            configuration.stallTimeout = 4
            let driver = try PlayerDriver(configuration)
            let id = try driver.player.load(MediaSource(url: url, authorizationToken: token))
            await driver.run(limit: .seconds(20)) { $0.end != nil }
            let loads = driver.updates(of: id).compactMap { if case .load(let l) = $0 { l } else { nil } }
            let waited = loads.compactMap { if case .connecting(let s) = $0 { s } else { nil } }
            #expect(waited.first == 0, "\(loads)")
            #expect(waited.contains(2) && waited.contains(3), "\(loads)")
            #expect(waited == waited.sorted(), "\(loads)")
            let host = "\(demo.server.baseURL.host!):\(demo.server.baseURL.port!)"
            #expect(driver.finishes(of: id) == [.error("the server at \(host) sent nothing for 4 s")], "log: \(driver.player.recentLogMessages)")
            #expect(driver.player.snapshot.load == .unknown)
            driver.player.shutdown()
            #expect(PlayerDriver.mpvThreads().isEmpty)
        }

        /// fMP4: a seek beyond what mpv has cached used to be performed by ffmpeg and
        /// jump to the end ("ended" at once). Segments trickle in (1 s each) so the targets are
        /// outside the cache; every seek lands where asked and the event still plays to its end.
        @Test func fragmentedMP4SeeksOutsideTheCacheLandWhereAsked() async throws {
            let demo = try await DemoMedia.start()
            defer { Task { await demo.server.stop() } }
            let (url, token) = try await demo.privatePlaylist("evt-fmp4")
            defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
            await demo.server.faults.delay(seconds: 1, pathPrefix: "/media/180-days/evt-fmp4/segment")
            let driver = try PlayerDriver()
            let id = try driver.player.load(MediaSource(url: url, authorizationToken: token))
            #expect(await driver.run { $0.playback == .playing && $0.progress.position > 0.2 })
            #expect(driver.player.snapshot.progress.bufferedAhead < 6, "the target must be outside the cache")
            driver.player.seek(to: 7.5)
            #expect(driver.player.snapshot.playback == .seekingForward)
            #expect(await driver.run { $0.playback == .playing && $0.progress.position > 7.6 }, "\(driver.player.snapshot)")
            #expect(driver.player.snapshot.progress.position < 9)
            #expect(driver.player.snapshot.end == nil)
            #expect(abs((driver.player.snapshot.progress.duration ?? 0) - 10) < 0.5)
            driver.player.seek(to: 3)
            #expect(await driver.run { $0.playback == .playing && $0.progress.position > 3.1 }, "\(driver.player.snapshot)")
            #expect(driver.player.snapshot.progress.position < 4.5)
            await driver.run(limit: .seconds(20)) { $0.end != nil }
            #expect(driver.finishes(of: id) == [.ended], "log: \(driver.player.recentLogMessages)")
            #expect(driver.states(of: id).contains(.seekingBackward))
            driver.player.shutdown()
            let left = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
            #expect(left == [url.lastPathComponent], "the trimmed playlists are removed with their handles")
        }

        /// fMP4 from a start position (stop then play, a token refresh): no waiting for the whole
        /// download first, and it starts where asked.
        @Test func fragmentedMP4StartsAtAPositionOutsideTheFirstSegment() async throws {
            let demo = try await DemoMedia.start()
            defer { Task { await demo.server.stop() } }
            let (url, token) = try await demo.privatePlaylist("evt-fmp4")
            defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
            await demo.server.faults.delay(seconds: 1, pathPrefix: "/media/180-days/evt-fmp4/segment")
            let driver = try PlayerDriver()
            let id = try driver.player.load(MediaSource(url: url, authorizationToken: token), startAt: 6.5)
            #expect(await driver.run { $0.playback == .playing && $0.progress.position > 6.6 }, "\(driver.player.snapshot)")
            #expect(driver.player.snapshot.progress.position < 8)
            await driver.run(limit: .seconds(20)) { $0.end != nil }
            #expect(driver.finishes(of: id) == [.ended], "log: \(driver.player.recentLogMessages)")
            // Segments 0-2 were never needed.
            let fetched = await demo.server.requestLog().filter { $0.path.contains("evt-fmp4/segment") }.map(\.path)
            #expect(!fetched.contains { $0.hasSuffix("segment0.m4s") }, "\(fetched)")
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
            await driver.run(limit: .seconds(30)) { $0.end != nil }
            guard let message = driver.errorMessage(of: id) else { return }
            #expect(message.contains("failed") || message.contains("early"), "\(message)")
        }
    }
}
