import Hummingbird
import SystemSupport

/// The server's one responder: finds the playback that a request's path prefix names and hands
/// the request to it (``ProxyResponder``); an unknown or unregistered prefix answers 404.
final class ProxyRouter: HTTPResponder, Sendable {
    typealias Context = BasicRequestContext

    private struct Playbacks {
        var byPrefix: [String: ProxyState] = [:]
        var closed = false
    }
    private let playbacks = Locked(Playbacks())

    func respond(to request: Request, context _: Context) async throws -> Response {
        let path = (request.head.path ?? "").dropFirst()   // "<prefix>/<proxied URI>"
        let prefix = path.prefix { $0 != "/" }
        guard let state = playbacks.withLock({ $0.byPrefix[String(prefix)] }) else {
            return ProxyResponder.plain(.notFound, "not found")
        }
        return await ProxyResponder(state: state).respond(to: request, path: path.dropFirst(prefix.count + 1))
    }

    /// Serves `state`'s prefix from now on. Throws once the server stopped.
    func add(_ state: ProxyState) throws {
        try playbacks.withLock { playbacks in
            guard !playbacks.closed else { throw ProxyError(.stopped) }
            playbacks.byPrefix[state.prefix] = state
        }
    }

    /// Stops serving `state`'s prefix and closes it (its event streams finish).
    func remove(_ state: ProxyState) {
        _ = playbacks.withLock { $0.byPrefix.removeValue(forKey: state.prefix) }
        state.close()
    }

    var count: Int {
        playbacks.withLock { $0.byPrefix.count }
    }

    /// Takes no more playbacks; returns the ones still registered (for the server to close them).
    func close() -> [ProxyState] {
        playbacks.withLock { playbacks in
            playbacks.closed = true
            defer { playbacks.byPrefix = [:] }
            return Array(playbacks.byPrefix.values)
        }
    }
}
