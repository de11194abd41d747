import Foundation
import Hummingbird
import Logging
import Networking
import Playlist
import ServiceLifecycle

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
        let bound = BoundPort()
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

/// The bound port, delivered once from `onServerRunning` (or the failure to start).
final class BoundPort: Sendable {
    private let state = Locked<(result: Result<Int, any Error>?, waiter: CheckedContinuation<Int, any Error>?)>((nil, nil))

    func resolve(_ value: Result<Int, any Error>) {
        let waiter = state.withLock { state -> CheckedContinuation<Int, any Error>? in
            guard state.result == nil else { return nil }
            state.result = value
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(with: value)
    }

    func value() async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            let ready = state.withLock { state -> Result<Int, any Error>? in
                if let result = state.result { return result }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(with: ready) }
        }
    }
}
