import EventsAPI
import Foundation

/// A running embedded demo backend: where it listens, the one account it accepts, and how to stop it.
///
/// ```swift
/// let demo = try await DemoBackendStarter().start()
/// try await backend.signIn(user: demo.email, password: demo.password)
/// await demo.stop()
/// ```
public struct EmbeddedDemo: Sendable {
    /// The base URL (`http://127.0.0.1:<port>`).
    public let baseURL: URL
    /// Which API it serves.
    public let backend: BackendKind
    /// The demo account's e-mail address (the Frigate flavour: its user), signed in with at start and named in the notice.
    public let email: String
    /// The demo account's password.
    public let password: String
    private let stopServer: @Sendable () async -> Void

    /// `stop` is called once, by ``stop()``, when the command's services shut down.
    public init(baseURL: URL, backend: BackendKind = .events, email: String, password: String,
                stop: @escaping @Sendable () async -> Void) {
        self.baseURL = baseURL
        self.backend = backend
        self.email = email
        self.password = password
        self.stopServer = stop
    }

    /// Stops the server.
    public func stop() async {
        await stopServer()
    }
}
