import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import SystemSupport

/// The process's one loopback HTTP server between libmpv and the origins, serving every playback:
/// every request a player makes (playlists, segments, init segments, keys) goes through the
/// project's network pipeline (request kinds, per-kind headers, filters, retry policy with early
/// retry, request log).
///
/// - Listens on `127.0.0.1` (or `::1`), one port for the whole process. Each playback is
///   ``register(_:)``ed under a random 128-bit path prefix with its own state (``ProxiedPlayback``);
///   anything else answers 404, and so does a prefix once ``unregister(_:)``ed.
/// - Forwards only to the origins a playback's playlists name (``OriginPolicy``); other targets
///   answer 421 with a ``ProxyRefusal`` (never 401/403: not a token problem).
/// - Playlists are served from memory, rewritten so every URI points back into the proxy, with
///   the end-list policy applied on every fetch (complete playlists are cached).
/// - Media bodies stream through with backpressure; a player closing its connection cancels upstream.
/// - A 401/403 from the origin fetches a fresh token and retries; the player does not notice.
///
/// One playback's failures, refusals, tokens and log never reach another's.
///
/// ```swift
/// let server = try await PlaybackProxyServer.start()            // once, at the first playback
/// let playback = try server.register(ProxyConfiguration(source: source, pipeline: pipeline,
///                                                       tokens: BucketTokenSource(provider: tokens, bucket: source.bucket)))
/// try player.load(MediaSource(url: playback.url, isLive: !playback.isComplete))   // no token: the proxy adds it
/// ...
/// server.unregister(playback)   // when the playback ends
/// await server.stop()           // when the process is done with playbacks
/// ```
public final class PlaybackProxyServer: Sendable {
    /// `http://127.0.0.1:<port>/`: every playback's URL starts with it.
    public let rootURL: URL
    private let router: ProxyRouter
    private let group: ServiceGroup
    private let runTask: Task<Void, Never>

    private init(rootURL: URL, router: ProxyRouter, group: ServiceGroup, runTask: Task<Void, Never>) {
        self.rootURL = rootURL
        self.router = router
        self.group = group
        self.runTask = runTask
    }

    /// Starts the server and returns once it is listening.
    ///
    /// ```swift
    /// let server = try await PlaybackProxyServer.start()
    /// defer { Task { await server.stop() } }
    /// ```
    /// - Parameters:
    ///   - host: the address to listen on: a loopback address only (`127.0.0.1`, `::1` or `localhost`).
    ///   - logger: receives the server's own messages (silent by default).
    /// - Throws: ``ProxyError`` when the host is not loopback or binding fails.
    public static func start(
        host: String = "127.0.0.1",
        logger: Logger = Logger(label: "eventplayer.proxy", factory: { _ in SwiftLogNoOpLogHandler() })
    ) async throws -> PlaybackProxyServer {
        guard ["127.0.0.1", "::1", "localhost"].contains(host) else { throw ProxyError(.notLoopback(host)) }
        let host = host == "localhost" ? "127.0.0.1" : host
        let router = ProxyRouter()
        let bound = OneShot<Int, any Error>()
        let app = Application(
            responder: router,
            configuration: .init(address: .hostname(host, port: 0), serverName: nil),
            onServerRunning: { channel in bound.resolve(.success(channel.localAddress?.port ?? 0)) },
            logger: logger)
        let group = ServiceGroup(services: [app], logger: logger)
        let runTask = Task {
            do {
                try await group.run()
                bound.resolve(.failure(ProxyError(.startFailed("the server stopped before it was listening"))))
            } catch {
                bound.resolve(.failure(ProxyError(.startFailed("cannot listen on \(host): \(error)"))))
            }
        }
        let port = try await bound.value()
        let authority = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        return PlaybackProxyServer(rootURL: URL(string: "http://\(authority)/")!, router: router, group: group, runTask: runTask)
    }

    /// Serves one more playback, under a prefix of its own, from now on.
    ///
    /// - Throws: ``ProxyError`` when the event's `videoUrl` is not http(s) or the server has stopped.
    public func register(_ configuration: ProxyConfiguration) throws -> ProxiedPlayback {
        let source = configuration.source.videoURL
        guard OriginPolicy.origin(source) != nil else { throw ProxyError(.badVideoURL(source.absoluteString)) }
        let prefix = ProxyState.randomPrefix()
        let state = ProxyState(configuration: configuration, prefix: prefix, base: rootURL.absoluteString + prefix + "/")
        try router.add(state)
        return ProxiedPlayback(state: state)
    }

    /// Stops serving `playback`: its prefix answers 404 from now on, a body it is still streaming
    /// stops at its next chunk, and its event streams finish. The other playbacks go on. Safe to
    /// call more than once.
    public func unregister(_ playback: ProxiedPlayback) {
        router.remove(playback.state)
    }

    /// Playbacks registered and not yet unregistered.
    public var playbackCount: Int {
        router.count
    }

    /// Stops listening, closes connections (after at most a second for requests in flight) and
    /// finishes every playback's event streams. Safe to call more than once.
    public func stop() async {
        let playbacks = router.close()
        await group.triggerGracefulShutdown()
        let runTask = self.runTask
        await withTaskGroup(of: Bool.self) { tasks in
            tasks.addTask { await runTask.value; return true }
            tasks.addTask { try? await Task.sleep(for: .seconds(1)); return false }
            if await tasks.next() == false { runTask.cancel() }
            tasks.cancelAll()
            await tasks.waitForAll()
        }
        for state in playbacks { state.close() }
    }
}
