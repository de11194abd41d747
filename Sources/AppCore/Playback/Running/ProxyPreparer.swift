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
    /// The server, once the first playback asked for it (a task: playbacks prepared at the same
    /// time wait for the same start).
    private let server = Mutex<Task<PlaybackProxyServer, any Error>?>(nil)
    /// The playbacks registered, by `PreparedPlayback.playbackID`, with the server that serves them.
    private let playbacks = Mutex<[String: (server: PlaybackProxyServer, playback: ProxiedPlayback)]>([:])
    private let (stream, continuation) = AsyncStream.makeStream(of: PlaybackNotice.self)

    public init(services: AppServices) {
        pipeline = services.pipeline
        tokens = APITokenProvider(cache: services.tokens)
        // This mode writes no private files, but a crashed run of either mode may have left some.
        PlaylistStore.removeStaleDirectories()
    }

    /// Failures the playbacks report (which segment, why), tagged with the prepared playback's group.
    public var notices: AsyncStream<PlaybackNotice> { stream }

    /// The process's proxy server, started now if no playback started it yet.
    func proxyServer() async throws -> PlaybackProxyServer {
        let task = server.withLock { server in
            if let server { return server }
            let task = Task { try await PlaybackProxyServer.start() }
            server = task
            return task
        }
        do {
            return try await task.value
        } catch {
            server.withLock { if $0 == task { $0 = nil } }   // the next playback tries again
            throw error
        }
    }

    public func prepare(_ event: Event, refreshTokens: Bool) async throws -> PreparedPlayback {
        let started = ContinuousClock.now
        // The token first: no token for the event's bucket is an error now, not a player failure later.
        _ = try await tokens.tokens(refresh: refreshTokens).token(forBucket: event.bucket)
        var timings = StartupTimings()
        timings.tokensMilliseconds = (ContinuousClock.now - started).milliseconds
        let server = try await proxyServer()
        let playback = try server.register(ProxyConfiguration(
            source: event.playbackSource, pipeline: pipeline,
            tokens: BucketTokenSource(provider: tokens, bucket: event.bucket)))
        let group = UUID().uuidString
        playbacks.withLock { $0[group] = (server, playback) }
        let continuation = continuation
        // Subscribed now: the playlist fetched below for the parts may already fail. The stream
        // finishes when the playback is unregistered.
        let events = playback.events()
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
        let parts = await playback.parts()
        timings.fetchMilliseconds = (ContinuousClock.now - started).milliseconds - timings.tokensMilliseconds
        // No token for the player: the proxy adds it upstream (and refreshes it there).
        var prepared = PreparedPlayback(eventID: event.id, playbackID: group, url: playback.url, token: "",
                                        isComplete: playback.isComplete, remoteURL: event.videoUrl, timings: timings)
        prepared.parts = parts
        return prepared
    }

    /// Unregisters `prepared`'s playback: its prefix answers 404; the others play on.
    public func remove(_ prepared: PreparedPlayback) {
        guard let entry = playbacks.withLock({ $0.removeValue(forKey: prepared.playbackID) }) else { return }
        entry.server.unregister(entry.playback)
    }

    /// Unregisters every playback and stops the server (a later ``prepare(_:refreshTokens:)``
    /// starts a new one).
    public func removeAll() {
        let all = playbacks.withLock { playbacks in
            defer { playbacks = [:] }
            return Array(playbacks.values)
        }
        for entry in all { entry.server.unregister(entry.playback) }
        guard let task = server.withLock({ server in defer { server = nil }; return server }) else { return }
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
