import DemoBackend
import Foundation
import Networking
import Player
import PlaybackStates
import Testing
import AppCore
import EventsAPI
@testable import PlaybackProxy
import Playlist

/// Several playbacks at once in one process, through the process's one proxy server: each with
/// its own real libmpv player (on a thread of its own), its own path prefix and its own state.
extension ProxyPlayback {
    /// What a playback's event stream said, once the stream finished.
    static func failures(_ events: AsyncStream<ProxyEvent>) async -> [ProxyFailure] {
        var failures: [ProxyFailure] = []
        for await event in events { if case .failed(let failure) = event { failures.append(failure) } }
        return failures
    }

    @Test(.timeLimit(.minutes(2)))
    func fourEventsPlayAtOnceThroughOneProxyEachEndingWithItsOwnReason() async throws {
        let origin = try await DemoOrigin.start()
        defer { Task { await origin.stop() } }
        let ids = ["evt-endlist", "evt-fmp4", "evt-master", "evt-broken"]   // evt-broken: segment2.ts answers 500
        var proxies = [try origin.proxy(ids[0], pipeline: Self.pipeline())]
        for id in ids.dropFirst() { proxies.append(try origin.proxy(id, pipeline: Self.pipeline())) }
        let urls = proxies.map(\.url)
        #expect(Set(urls.map(\.port)).count == 1, "one server, one port: \(urls)")
        #expect(Set(proxies.map(\.baseURL)).count == ids.count, "a prefix each: \(urls)")
        let events = proxies.map { $0.events() }
        var sources: [MediaSource] = []
        for proxy in proxies { sources.append(await Self.source(proxy)) }

        let outcomes = try await withThrowingTaskGroup(of: (Int, ThreadedPlayback.Outcome).self) { group in
            for (index, source) in sources.enumerated() {
                group.addTask { (index, try await ThreadedPlayback().play(source)) }
            }
            var outcomes: [Int: ThreadedPlayback.Outcome] = [:]
            for try await (index, outcome) in group { outcomes[index] = outcome }
            return ids.indices.map { outcomes[$0]! }
        }
        // The players do not read ffmpeg's process-global log (as eventplayer plays through the
        // proxy): before, a healthy player still playing when evt-broken's "Failed to open
        // segment 2" came took it as its own and ended with that error.
        for index in 0..<3 {
            #expect(outcomes[index].finishes == [.ended], "\(ids[index]): \(outcomes[index].finishes), log: \(outcomes[index].log)")
        }
        #expect(outcomes[3].finishes.count == 1, "evt-broken finished once: \(outcomes[3].finishes)")

        // Each playback's events and request log hold its own event only, and each playback's
        // session (what the TUI and `play` follow) finishes with its own reason.
        for proxy in proxies { origin.unregister(proxy) }
        for index in ids.indices {
            let failures = await Self.failures(events[index])
            let reason = Self.sessionFinish(ids[index], proxy: proxies[index], failures: failures, player: outcomes[index].ends)
            if index == 3 {
                #expect(reason.map { "\($0)" }?.hasPrefix("error: segment2.ts failed: HTTP 500 after 4 attempts (") == true, "\(String(describing: reason))")
            } else {
                #expect(reason == .ended, "\(ids[index]): \(String(describing: reason))")
            }
            if index == 3 {
                let failure = try #require(failures.first)
                #expect(failures.allSatisfy { $0.file == "segment2.ts" }, "\(failures)")
                #expect(failure.description == "segment2.ts failed: HTTP 500 after 4 attempts")
            } else {
                #expect(failures.isEmpty, "\(ids[index]) saw another playback's failure: \(failures)")
            }
            let targets = proxies[index].requestLog.snapshot().map(\.target)
            #expect(!targets.isEmpty && targets.allSatisfy { $0.contains("/\(ids[index])/") }, "\(ids[index]): \(targets)")
        }
    }

    /// What the playback's session makes of it: the proxy's failures arrive as notices before
    /// the player's finish (the runner drains notices first).
    static func sessionFinish(_ id: String, proxy: ProxiedPlayback, failures: [ProxyFailure], player: [PlaybackEnd]) -> FinishReason? {
        let event = Event(id: id, cameraName: "Camera", startTime: Date(), endTime: Date(), bucket: "30-days", videoUrl: proxy.url)
        var session = PlaybackSession(id: PlaybackID(rawValue: 1), event: event)
        _ = session.handle(.start(at: 0))
        _ = session.handle(.prepared(PreparedPlayback(eventID: id, playbackID: id, url: proxy.url, token: "", isComplete: true,
                                                      remoteURL: proxy.url), attempt: 1))
        for failure in failures { _ = session.handle(.notice(failure.description)) }
        for end in player { _ = session.handle(.player(.ended(end))) }
        return session.finishReason
    }

    @Test(.timeLimit(.minutes(2)))
    func unregisteringOnePlaybackLeavesTheOthersPlayingAndItsPrefixAnswers404() async throws {
        let origin = try await DemoOrigin.start()
        defer { Task { await origin.stop() } }
        let ids = ["evt-endlist", "evt-fmp4", "evt-master"]
        var proxies = [try origin.proxy(ids[0], pipeline: Self.pipeline())]
        for id in ids.dropFirst() { proxies.append(try origin.proxy(id, pipeline: Self.pipeline())) }
        #expect(Set(proxies.map(\.url.port)).count == 1, "one server: \(proxies.map(\.url))")
        let goneEvents = proxies[0].events()
        let players = ids.map { _ in ThreadedPlayback() }
        var runs: [Task<ThreadedPlayback.Outcome, any Error>] = []
        for (player, proxy) in zip(players, proxies) {
            let source = await Self.source(proxy)
            // Real time, a second read ahead: each player still fetches after the unregister.
            runs.append(Task { try await player.play(source, speed: 1, readahead: 1) })
        }
        for (id, player) in zip(ids, players) { #expect(await player.waitForPosition(1), "\(id) never got to 1 s") }

        // As the runner does: the playback ends (here the user stops it), then it is unregistered.
        players[0].stop()
        #expect(try await runs[0].value.finishes == [.userExited])
        origin.unregister(proxies[0])
        let unregistered = Date()
        let client = NetworkPipeline(configuration: NetworkConfiguration(retry: RetryPolicy(maxRetries: 0)))
        let answer: Int?
        do {
            answer = try await client.send(HTTPRequest(kind: .manifestHlsMaster, url: proxies[0].url)).status
        } catch let error as NetworkError {
            answer = error.status
        }
        #expect(answer == 404, "the unregistered prefix answers 404")
        _ = await Self.failures(goneEvents)   // its event stream finished (else the time limit fails the test)

        for index in 1..<ids.count {
            let outcome = try await runs[index].value
            #expect(outcome.finishes == [.ended], "\(ids[index]): \(outcome.finishes), log: \(outcome.log)")
            let later = proxies[index].requestLog.snapshot().filter {
                $0.kind == .mediaSegment && $0.status == 200 && $0.date > unregistered
            }
            #expect(!later.isEmpty, "\(ids[index]) fetched no segment after the other was unregistered")
        }
    }
}
