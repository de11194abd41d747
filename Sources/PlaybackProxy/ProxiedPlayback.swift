import Foundation
import Networking
import Playlist

/// One playback served by the ``PlaybackProxyServer``, under its own path prefix, with its own
/// state: source, token, end-list policy, origin policy, cached playlists, request log, events.
///
/// ```swift
/// let playback = try server.register(configuration)
/// let events = playback.events()
/// try player.load(MediaSource(url: playback.url, isLive: !playback.isComplete))
/// ...
/// server.unregister(playback)   // its prefix answers 404, `events` finishes
/// ```
public final class ProxiedPlayback: Sendable {
    /// What the player opens: the event's playlist through the proxy.
    public let url: URL
    /// `http://127.0.0.1:<port>/<random prefix>/`: every URL served for this playback starts with it.
    public let baseURL: URL
    /// Exchanges with the player, one record each (kind, status, attempts, ms, bytes, headers).
    public let requestLog: RequestLog

    let state: ProxyState

    init(state: ProxyState) {
        self.state = state
        self.baseURL = URL(string: state.base)!
        self.url = URL(string: state.base + state.entry.path)!
        self.requestLog = state.requestLog
    }

    /// A stream of this playback's ``ProxyEvent``s from now on; it finishes when the playback is
    /// unregistered or the server stops.
    public func events() -> AsyncStream<ProxyEvent> {
        state.listeners.subscribe()
    }

    /// True when the event counts as complete now (``EndListPolicy``): play it as a finished file.
    public var isComplete: Bool {
        state.configuration.policy.isComplete(state.configuration.source)
    }

    /// This playback's upstream requests in flight (a response body still being read counts): 0 when idle.
    public var liveUpstreamCount: Int {
        state.upstream.withLock { $0 }
    }

    /// Fresh tokens fetched after the origin rejected one.
    public var tokenRefreshes: Int {
        get async { await state.tokens.refreshes }
    }
}
