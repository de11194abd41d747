import EventsAPI
import Foundation
import Networking

/// Which backend a command speaks to its server, and with which stored session:
/// - the embedded demo: its flavour;
/// - `--backend`/`backend` naming a kind: that kind (a stored session of another kind is not used);
/// - `auto` with a stored session: the backend it was made with (`login` detected it);
/// - `auto` (or `frigate`) without one: one probe (``BackendDetector``) says which, and whether
///   the server needs a sign-in at all (Frigate's port 5000 does not).
///
/// A stored session the server refused (``Session/isSignedOut``) keeps its backend and asks for
/// a sign-in. A stored Frigate or ZoneMinder "session" without a token is what `login` keeps for a server
/// without sign-in (Frigate's port 5000, ZoneMinder with its authentication off).
struct BackendSelection {
    var kind: BackendKind
    var session: Session?
    var requiresSignIn: Bool

    static func choose(choice: BackendChoice, server: ServerChoice, stored: Session?,
                       pipeline: NetworkPipeline) async -> BackendSelection {
        if let demo = server.demo { return BackendSelection(kind: demo.backend, session: nil, requiresSignIn: true) }
        let named: BackendKind? = if case .kind(let kind) = choice { kind } else { nil }
        if let stored, named == nil || named == (stored.backend ?? .events) {
            let kind = stored.backend ?? .events
            if stored.isSignedOut { return BackendSelection(kind: kind, session: nil, requiresSignIn: true) }
            if kind != .events, stored.accessToken.isEmpty {
                return BackendSelection(kind: kind, session: nil, requiresSignIn: false)
            }
            return BackendSelection(kind: kind, session: stored, requiresSignIn: true)
        }
        if named == .events { return BackendSelection(kind: .events, session: nil, requiresSignIn: true) }
        // A server that cannot be reached now is taken for what was named (else the events
        // service, as before there was a choice): the first real request says why it failed.
        guard let found = try? await BackendDetector.detect(server: server.url, pipeline: pipeline) else {
            return BackendSelection(kind: named ?? .events, session: nil, requiresSignIn: true)
        }
        let kind = named ?? found.kind
        return BackendSelection(kind: kind, session: nil, requiresSignIn: kind == found.kind ? found.requiresSignIn : true)
    }
}
