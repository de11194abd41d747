import AppCore
import DemoBackend
import EventsAPI

/// The embedded demo backend behind AppCore's ``DemoStarting`` seam: `eventplayer`, `play` and
/// `events` with no server configured start it in-process on a free loopback port, in the
/// flavour `--demo` asks for (the events service, or Frigate).
///
/// ```swift
/// let services = try await AppServices.start(options, demo: DemoBackendStarter())
/// ```
public struct DemoBackendStarter: DemoStarting {
    public init() {}

    public func start(flavor: BackendKind) async throws -> EmbeddedDemo {
        // TEMPORARY while the demo's Frigate flavour lands
        let server = try await DemoServer.start()
        return EmbeddedDemo(baseURL: server.baseURL, backend: flavor, email: DemoAccount.email, password: DemoAccount.password,
                            stop: { await server.stop() })
    }
}
