import AppCore
import DemoBackend

/// The embedded demo backend behind AppCore's ``DemoStarting`` seam: `eventplayer`, `play` and
/// `events` with no server configured start it in-process on a free loopback port.
///
/// ```swift
/// let services = try await AppServices.start(options, demo: DemoBackendStarter())
/// ```
public struct DemoBackendStarter: DemoStarting {
    public init() {}

    public func start() async throws -> EmbeddedDemo {
        let server = try await DemoServer.start()
        return EmbeddedDemo(baseURL: server.baseURL, email: DemoAccount.email, password: DemoAccount.password,
                            stop: { await server.stop() })
    }
}
