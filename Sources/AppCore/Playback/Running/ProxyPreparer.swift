import EventsAPI
import Foundation
import Networking
import PlaybackProxy
import Playlist
import Synchronization
import SystemSupport

/// The ``PlaybackPreparing`` of `--network proxy`: each playback gets its own loopback
/// ``PlaybackProxy``, so every request the player makes (playlists, segments, init segments,
/// keys) goes through the network pipeline: per-kind headers, filters, retries, the request log.
/// No private files: the player opens the proxy's URL, and the proxy stops when the playback ends.
///
/// ```swift
/// let preparer = ProxyPreparer(services: services)
/// let prepared = try await preparer.prepare(event, refreshTokens: false)   // prepared.url is http://127.0.0.1:…
/// preparer.remove(prepared)                                                // stops that proxy
/// ```
public final class ProxyPreparer: PlaybackPreparing {
    let pipeline: NetworkPipeline
    let tokens: APITokenProvider
    private let proxies = Mutex<[String: PlaybackProxy]>([:])
    private let (stream, continuation) = AsyncStream.makeStream(of: PlaybackNotice.self)

    public init(services: AppServices) {
        pipeline = services.pipeline
        tokens = APITokenProvider(cache: services.tokens)
        // This mode writes no private files, but a crashed run of either mode may have left some.
        PlaylistStore.removeStaleDirectories()
    }

    /// Failures the proxies report (which segment, why), tagged with the prepared playback's group.
    public var notices: AsyncStream<PlaybackNotice> { stream }

    public func prepare(_ event: Event, refreshTokens: Bool) async throws -> PreparedPlayback {
        let started = ContinuousClock.now
        // The token first: no token for the event's bucket is an error now, not a player failure later.
        _ = try await tokens.tokens(refresh: refreshTokens).token(forBucket: event.bucket)
        var timings = StartupTimings()
        timings.tokensMilliseconds = (ContinuousClock.now - started).milliseconds
        let proxy = try await PlaybackProxy.start(ProxyConfiguration(
            source: event.playbackSource, pipeline: pipeline,
            tokens: BucketTokenSource(provider: tokens, bucket: event.bucket)))
        let group = UUID().uuidString
        proxies.withLock { $0[group] = proxy }
        let continuation = continuation
        // Subscribed now: the playlist fetched below for the parts may already fail.
        let events = proxy.events()
        Task {
            let meter = SharedRateMeter()
            for await event in events {
                switch event {
                case .failed(let failure):
                    continuation.yield(PlaybackNotice(group: group, text: failure.description))
                case .request(let record):
                    switch meter.state.withLock({ $0.add(record, now: Date()) }) {
                    case .now(let rate):
                        continuation.yield(PlaybackNotice(group: group, bytesPerSecond: rate))
                    case .at(let due):
                        Task {
                            try? await Task.sleep(for: .seconds(max(0, due.timeIntervalSinceNow)))
                            let rate = meter.state.withLock { $0.trailing(now: Date()) }
                            continuation.yield(PlaybackNotice(group: group, bytesPerSecond: rate))
                        }
                    case .none:
                        continue
                    }
                case .tokenRefreshed:
                    continue
                }
            }
        }
        // A discontinuous event's parts (a complete event's playlist is fetched now, and cached by
        // the proxy for the player).
        let parts = await proxy.parts()
        timings.fetchMilliseconds = (ContinuousClock.now - started).milliseconds - timings.tokensMilliseconds
        // No token for the player: the proxy adds it upstream (and refreshes it there).
        var prepared = PreparedPlayback(eventID: event.id, playbackID: group, url: proxy.url, token: "",
                                        isComplete: proxy.isComplete, remoteURL: event.videoUrl, timings: timings)
        prepared.parts = parts
        return prepared
    }

    public func remove(_ prepared: PreparedPlayback) {
        guard let proxy = proxies.withLock({ $0.removeValue(forKey: prepared.playbackID) }) else { return }
        Task { await proxy.stop() }
    }

    public func removeAll() {
        let all = proxies.withLock { proxies in
            defer { proxies = [:] }
            return Array(proxies.values)
        }
        for proxy in all { Task { await proxy.stop() } }
    }
}

/// Something a playback's network layer reports while it plays (e.g. "segment2.ts failed: HTTP
/// 500 after 4 attempts"), for the prepared playback whose `playbackID` is `group`.
public struct PlaybackNotice: Sendable, Equatable {
    public var group: String
    public var text: String
    /// Set (and `text` empty) when this is the current download rate, not a failure.
    public var bytesPerSecond: Double?

    public init(group: String, text: String) {
        self.group = group
        self.text = text
    }

    /// The download rate through the proxy (at most one a second, only while bytes flow).
    public init(group: String, bytesPerSecond: Double) {
        self.group = group
        self.text = ""
        self.bytesPerSecond = bytesPerSecond
    }
}

/// One proxy's ``DownloadRateMeter``, shared by its listener and the trailing report it schedules.
private final class SharedRateMeter: Sendable {
    let state = Mutex(DownloadRateMeter())
}
