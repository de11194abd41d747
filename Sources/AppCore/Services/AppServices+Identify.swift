import EventsAPI
import Foundation

extension AppServices {
    /// Probes the server again (``BackendDetector``) and, where the backend was found by a probe
    /// at start (`--backend auto`, no stored session), makes it the kind found: the probe at start
    /// cannot pass a certificate that is trusted only later (the TUI's sign-in form pins it).
    /// Returns the backend's kind and whether it needs a sign-in.
    /// - Throws: the probe's failure (unreachable, TLS), as the events API's error would be.
    public func identifyServer() async throws -> (kind: BackendKind, requiresSignIn: Bool) {
        let found = try await BackendDetector.detect(server: server.url, pipeline: pipeline)
        guard let replaceable = backend as? ReplaceableBackend else {
            return (backend.kind, await backend.requiresSignIn)
        }
        replaceable.become(found.kind, requiresSignIn: found.requiresSignIn)
        return (found.kind, found.requiresSignIn)
    }
}
