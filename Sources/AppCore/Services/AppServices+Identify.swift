import EventsAPI
import Foundation

extension AppServices {
    /// What the server is. Where the backend was found by a probe at start (`--backend auto`, no
    /// stored session), the server is probed again (``BackendDetector``) and the backend becomes the
    /// kind found: the probe at start cannot pass a certificate that is trusted only later (the
    /// TUI's sign-in form pins it). A backend named or kept in the session is taken as it is.
    /// Returns the backend's kind and whether it needs a sign-in.
    /// - Throws: the probe's failure (unreachable, TLS), as the events API's error would be.
    public func identifyServer() async throws -> (kind: BackendKind, requiresSignIn: Bool) {
        guard let replaceable = backend as? ReplaceableBackend else {
            return (backend.kind, await backend.requiresSignIn)   // named, or kept in the session: known
        }
        let found = try await BackendDetector.detect(server: server.url, pipeline: pipeline)
        replaceable.become(found.kind, requiresSignIn: found.requiresSignIn)
        return (found.kind, found.requiresSignIn)
    }
}
