import EventsAPI

/// Starts the embedded demo backend when no server is configured. AppCore knows the demo only
/// through this seam: the executable passes CLIFrontEnd's `DemoBackendStarter` to
/// ``AppServices/start(_:environment:demo:notice:)``, so AppCore does not depend on DemoBackend.
///
/// ```swift
/// let services = try await AppServices.start(options, demo: DemoBackendStarter())
/// ```
public protocol DemoStarting: Sendable {
    /// Starts the demo backend on a free loopback port, serving `flavor`'s API.
    func start(flavor: BackendKind) async throws -> EmbeddedDemo
}
