import Foundation
import Hummingbird
import Logging
import Networking
import Playlist
import ServiceLifecycle
import SystemSupport

extension PlaybackProxy {
    /// Starts a proxy for one playback and returns once it is listening.
    ///
    /// ```swift
    /// let proxy = try await PlaybackProxy.start(configuration)
    /// defer { Task { await proxy.stop() } }
    /// ```
    /// - Throws: ``ProxyError`` when the host is not loopback, the `videoUrl` is not http(s), or binding fails.
    public static func start(_ configuration: ProxyConfiguration) async throws -> PlaybackProxy {
        guard ["127.0.0.1", "::1", "localhost"].contains(configuration.host) else {
            throw ProxyError(.notLoopback(configuration.host))
        }
        let source = configuration.source.videoURL
        guard OriginPolicy.origin(source) != nil else { throw ProxyError(.badVideoURL(source.absoluteString)) }
        let state = ProxyState(configuration: configuration, prefix: ProxyState.randomPrefix())
        let bound = OneShot<Int, any Error>()
        let host = configuration.host == "localhost" ? "127.0.0.1" : configuration.host
        let app = Application(
            responder: ProxyResponder(state: state),
            configuration: .init(address: .hostname(host, port: 0), serverName: nil),
            onServerRunning: { channel in bound.resolve(.success(channel.localAddress?.port ?? 0)) },
            logger: configuration.logger)
        let group = ServiceGroup(services: [app], logger: configuration.logger)
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
        let base = "http://\(authority)/\(state.prefix)/"
        state.base.withLock { $0 = base }
        let entry = ProxiedURI(kind: .manifestHlsMaster, upstream: Self.withoutToken(source))
        return PlaybackProxy(url: URL(string: base + entry.path)!, baseURL: URL(string: base)!, state: state,
                             group: group, runTask: runTask)
    }

    /// `url` without `Authorization` query items (the proxy adds the current token itself).
    static func withoutToken(_ url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let items = components.percentEncodedQueryItems else { return url }
        let kept = items.filter { $0.name.lowercased() != "authorization" }
        components.percentEncodedQueryItems = kept.isEmpty ? nil : kept
        return components.url ?? url
    }
}
