import Foundation
import AppCore
import DemoBackend
import EventsAPI

/// The embedded demo backend behind AppCore's ``DemoStarting`` seam: `eventplayer`, `play` and
/// `events` with no server configured start it in-process on a free loopback port, in the
/// flavour `--demo` asks for (the events service, or Frigate). `EVENTPLAYER_DEMO_NEW_EVENTS`
/// (seconds; `make run` sets 30) makes a new event arrive that often while it runs, so that
/// following the server can be seen.
///
/// ```swift
/// let services = try await AppServices.start(options, demo: DemoBackendStarter())
/// ```
public struct DemoBackendStarter: DemoStarting {
    public init() {}

    /// Seconds between two new events of the embedded demo (unset: none arrive).
    public static let newEventsVariable = "EVENTPLAYER_DEMO_NEW_EVENTS"

    /// The kinds the demo has a flavour of (what `--demo` offers); ``start(flavor:)`` refuses the
    /// others with ``NoDemoFlavor``.
    public static let flavors: [BackendKind] = BackendKind.allCases.filter { kind in
        switch kind {
        case .events, .frigate: true
        case .zoneminder: false
        }
    }

    public func start(flavor: BackendKind) async throws -> EmbeddedDemo {
        var configuration = DemoConfiguration()
        if let text = ProcessInfo.processInfo.environment[Self.newEventsVariable], let seconds = Double(text), seconds >= 1 {
            configuration.newEventsEvery = seconds
        }
        switch flavor {
        case .events:
            configuration.flavor = .events
        case .frigate:
            configuration.flavor = .frigate
        case .zoneminder:
            throw NoDemoFlavor(kind: flavor)
        }
        let server = try await DemoServer.start(configuration)
        let (user, password) = flavor == .frigate ? (DemoAccount.frigateUser, DemoAccount.frigatePassword)
            : (DemoAccount.email, DemoAccount.password)
        return EmbeddedDemo(baseURL: server.baseURL, backend: flavor, email: user, password: password,
                            stop: { await server.stop() })
    }
}

/// `--demo zoneminder`: the demo has no such flavour (ZoneMinder runs for real: docs/zoneminder.md).
struct NoDemoFlavor: Error, CustomStringConvertible {
    let kind: BackendKind
    var description: String {
        "the demo backend has no \(kind.displayName) flavour (it has: \(DemoBackendStarter.flavors.map(\.rawValue).joined(separator: ", "))); point eventplayer at a real \(kind.displayName) with --server (docs/zoneminder.md)"
    }
}
