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
        var configuration = DemoConfiguration()
        switch flavor {
        case .events:
            configuration.flavor = .events
        case .frigate:
            configuration.flavor = .frigate
        }
        let server = try await DemoServer.start(configuration)
        let (user, password) = flavor == .frigate ? (DemoAccount.frigateUser, DemoAccount.frigatePassword)
            : (DemoAccount.email, DemoAccount.password)
        return EmbeddedDemo(baseURL: server.baseURL, backend: flavor, email: user, password: password,
                            stop: { await server.stop() })
    }
}
