import Foundation
import Networking
import Playlist
import ServiceLifecycle

/// A loopback HTTP server between libmpv and the origin for one playback: every request the
/// player makes (playlists, segments, init segments, keys) goes through the project's network
/// pipeline (request kinds, per-kind headers, filters, retry policy with early retry, request log).
///
/// - Listens on `127.0.0.1`, port 0, under a random path prefix; anything else answers 404.
/// - Forwards only to the origins the event's playlists name (``OriginPolicy``); other targets answer
///   421 with a ``ProxyRefusal`` (never 401/403: not a token problem).
/// - Playlists are served from memory, rewritten so every URI points back into the proxy, with
///   the end-list policy applied on every fetch (complete playlists are cached).
/// - Media bodies stream through with backpressure; a player closing its connection cancels upstream.
/// - A 401/403 from the origin fetches a fresh token and retries; the player does not notice.
///
/// ```swift
/// let proxy = try await PlaybackProxy.start(ProxyConfiguration(source: source, pipeline: pipeline,
///                                                              tokens: BucketTokenSource(provider: tokens, bucket: source.bucket)))
/// let events = proxy.events()
/// try player.load(MediaSource(url: proxy.url, isLive: !proxy.isComplete))   // no token: the proxy adds it
/// ...
/// await proxy.stop()
/// ```
public final class PlaybackProxy: Sendable {
    /// What the player opens: the event's playlist through the proxy.
    public let url: URL
    /// `http://127.0.0.1:<port>/<random prefix>/`: every URL the proxy serves starts with it.
    public let baseURL: URL
    /// Exchanges with the player, one record each (kind, status, attempts, ms, bytes, headers).
    public let requestLog: RequestLog

    let state: ProxyState
    private let group: ServiceGroup
    private let runTask: Task<Void, Never>

    init(url: URL, baseURL: URL, state: ProxyState, group: ServiceGroup, runTask: Task<Void, Never>) {
        self.url = url
        self.baseURL = baseURL
        self.state = state
        self.requestLog = state.requestLog
        self.group = group
        self.runTask = runTask
    }

    /// A stream of ``ProxyEvent``s from now on; it finishes when the proxy stops.
    public func events() -> AsyncStream<ProxyEvent> {
        state.listeners.subscribe()
    }

    /// True when the event counts as complete now (``EndListPolicy``): play it as a finished file.
    public var isComplete: Bool {
        state.configuration.policy.isComplete(state.configuration.source)
    }

    /// Upstream requests in flight (a response body still being read counts): 0 when idle.
    public var liveUpstreamCount: Int {
        state.upstream.withLock { $0 }
    }

    /// Fresh tokens fetched after the origin rejected one.
    public var tokenRefreshes: Int {
        get async { await state.tokens.refreshes }
    }

    /// Stops listening, closes connections (after at most a second for requests in flight) and
    /// finishes the event streams. Safe to call more than once.
    public func stop() async {
        await group.triggerGracefulShutdown()
        let runTask = self.runTask
        await withTaskGroup(of: Bool.self) { tasks in
            tasks.addTask { await runTask.value; return true }
            tasks.addTask { try? await Task.sleep(for: .seconds(1)); return false }
            if await tasks.next() == false { runTask.cancel() }
            tasks.cancelAll()
            await tasks.waitForAll()
        }
        state.listeners.finish()
    }
}
