import EventsAPI
import Foundation
import Networking
import PlaybackProxy
import Playlist
import Synchronization
import SystemSupport

/// The ``PlaybackPreparing`` of `--network proxy`: the process's one loopback
/// ``PlaybackProxyServer`` (started at the first playback, stopped by ``removeAll()``) serves every
/// playback under a prefix of its own, so every request a player makes (playlists, segments, init
/// segments, keys) goes through the network pipeline: per-kind headers, filters, retries, the
/// request log. No private files: the player opens its playback's URL on the proxy, and the
/// playback is unregistered when it ends.
///
/// ```swift
/// let preparer = ProxyPreparer(services: services)
/// let prepared = try await preparer.prepare(event, refreshTokens: false)   // prepared.url is http://127.0.0.1:<port>/<prefix>/…
/// preparer.remove(prepared)                                                // its prefix answers 404; the others play on
/// preparer.removeAll()                                                     // at exit: stops the server
/// ```
public final class ProxyPreparer: PlaybackPreparing {
    let pipeline: NetworkPipeline
    let tokens: APITokenProvider
    /// What every preparer made by ``covering(width:height:)`` shares with this one: the server,
    /// the playbacks, the readers of the notices.
    let shared: Shared
    /// The pixels this preparer's playbacks are shown at: a master playlist is served with only
    /// its smallest variant that covers them (nil: every variant, mpv picks).
    public let variantCovering: M3U8Inventory.Resolution?

    /// The state preparers for several tiles share.
    final class Shared: Sendable {
        /// The server, once the first playback asked for it (a task: playbacks prepared at the
        /// same time wait for the same start).
        let server = Mutex<Task<PlaybackProxyServer, any Error>?>(nil)
        /// The playbacks registered, by `PreparedPlayback.playbackID`, with the server that serves them.
        let playbacks = Mutex<[String: (server: PlaybackProxyServer, playback: ProxiedPlayback)]>([:])
        /// Everyone reading ``notices`` (one runner each: several runners, a montage's tiles, may
        /// share this preparer and its one server), by subscription number.
        let listeners = Mutex<(next: Int, all: [Int: AsyncStream<PlaybackNotice>.Continuation])>((0, [:]))

        /// Hands `notice` to every reader of ``notices``.
        func broadcast(_ notice: PlaybackNotice) {
            for continuation in listeners.withLock({ Array($0.all.values) }) { continuation.yield(notice) }
        }
    }

    public init(services: AppServices) {
        pipeline = services.pipeline
        tokens = APITokenProvider(cache: services.tokens)
        shared = Shared()
        variantCovering = nil
        // This mode writes no private files, but a crashed run of either mode may have left some.
        PlaylistStore.removeStaleDirectories()
    }

    private init(_ base: ProxyPreparer, covering size: M3U8Inventory.Resolution?) {
        pipeline = base.pipeline
        tokens = base.tokens
        shared = base.shared
        variantCovering = size
    }

    /// A preparer for a picture shown at `width`×`height` pixels (a montage tile): a master
    /// playlist's playbacks play its smallest variant that covers them. It shares this one's
    /// server and playbacks (``removeAll()`` on either removes every one).
    ///
    /// ```swift
    /// let tilePreparer = preparer.covering(width: 480, height: 270)
    /// ```
    public func covering(width: Int, height: Int) -> ProxyPreparer {
        ProxyPreparer(self, covering: M3U8Inventory.Resolution(width: max(1, width), height: max(1, height)))
    }

    /// Failures the playbacks report (which segment, why), tagged with the prepared playback's
    /// group. Each read of this property is a stream of its own that gets every notice (an
    /// `AsyncStream` has one reader: every runner sharing this preparer needs its own).
    public var notices: AsyncStream<PlaybackNotice> {
        let (stream, continuation) = AsyncStream.makeStream(of: PlaybackNotice.self)
        let number = shared.listeners.withLock { listeners in
            defer { listeners.next += 1 }
            listeners.all[listeners.next] = continuation
            return listeners.next
        }
        continuation.onTermination = { [weak shared = self.shared] _ in
            _ = shared?.listeners.withLock { $0.all.removeValue(forKey: number) }
        }
        return stream
    }

    /// The process's proxy server, started now if no playback started it yet.
    func proxyServer() async throws -> PlaybackProxyServer {
        let task = shared.server.withLock { server in
            if let server { return server }
            let task = Task { try await PlaybackProxyServer.start() }
            server = task
            return task
        }
        do {
            return try await task.value
        } catch {
            shared.server.withLock { if $0 == task { $0 = nil } }   // the next playback tries again
            throw error
        }
    }

    public func prepare(_ event: Event, refreshTokens: Bool) async throws -> PreparedPlayback {
        try event.checkPlayable()
        let started = ContinuousClock.now
        // The token first: no token for the event's bucket is an error now, not a player failure later.
        if event.authorization != .none {
            _ = try await tokens.tokens(refresh: refreshTokens).token(forBucket: event.credentialBucket)
        }
        var timings = StartupTimings()
        timings.tokensMilliseconds = (ContinuousClock.now - started).milliseconds
        let server = try await proxyServer()
        let playback = try server.register(ProxyConfiguration(
            source: event.playbackSource, pipeline: pipeline,
            tokens: BucketTokenSource(provider: tokens, bucket: event.credentialBucket), variantCovering: variantCovering))
        let group = UUID().uuidString
        shared.playbacks.withLock { $0[group] = (server, playback) }
        // Subscribed now: the playlist fetched below for the parts may already fail. The stream
        // finishes when the playback is unregistered.
        let events = playback.events()
        Task { [weak shared = self.shared] in
            let meter = SharedRateMeter()
            for await event in events {
                switch event {
                case .failed(let failure):
                    shared?.broadcast(PlaybackNotice(group: group, text: failure.description))
                case .request(let record):
                    switch meter.state.withLock({ $0.add(record, now: Date()) }) {
                    case .now(let rate):
                        shared?.broadcast(PlaybackNotice(group: group, bytesPerSecond: rate))
                    case .at(let due):
                        Task { [weak shared] in
                            try? await Task.sleep(for: .seconds(max(0, due.timeIntervalSinceNow)))
                            let rate = meter.state.withLock { $0.trailing(now: Date()) }
                            shared?.broadcast(PlaybackNotice(group: group, bytesPerSecond: rate))
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
        let parts = await playback.parts()
        timings.fetchMilliseconds = (ContinuousClock.now - started).milliseconds - timings.tokensMilliseconds
        // No token for the player: the proxy adds it upstream (and refreshes it there).
        var prepared = PreparedPlayback(eventID: event.id, playbackID: group, url: playback.url, token: "",
                                        isComplete: playback.isComplete, remoteURL: event.videoUrl, timings: timings)
        prepared.parts = parts
        prepared.playlistText = playback.cachedPlaylist()
        prepared.isLiveFeed = event.videoFormat == .liveFeed
        return prepared
    }

    /// Unregisters `prepared`'s playback: its prefix answers 404; the others play on.
    public func remove(_ prepared: PreparedPlayback) {
        guard let entry = shared.playbacks.withLock({ $0.removeValue(forKey: prepared.playbackID) }) else { return }
        entry.server.unregister(entry.playback)
    }

    /// Unregisters every playback and stops the server (a later ``prepare(_:refreshTokens:)``
    /// starts a new one).
    public func removeAll() {
        let all = shared.playbacks.withLock { playbacks in
            defer { playbacks = [:] }
            return Array(playbacks.values)
        }
        for entry in all { entry.server.unregister(entry.playback) }
        guard let task = shared.server.withLock({ server in defer { server = nil }; return server }) else { return }
        Task { try? await task.value.stop() }
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

/// One playback's ``DownloadRateMeter``, shared by its listener and the trailing report it schedules.
private final class SharedRateMeter: Sendable {
    let state = Mutex(DownloadRateMeter())
}
