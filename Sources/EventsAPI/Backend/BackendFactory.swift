import Foundation
import Logging
import Networking

/// Makes the backend of a kind: the one place that lists them.
///
/// ```swift
/// let backend = BackendFactory.make(.frigate, server: url, pipeline: pipeline, session: stored)
/// ```
public enum BackendFactory {
    /// - Parameters:
    ///   - session: a stored session for this server, if any.
    ///   - requiresSignIn: false for a server that answers without one (Frigate's port 5000).
    ///   - sessionDidChange: called after sign-in, refresh, renewal and sign-out (persist it here).
    public static func make(_ kind: BackendKind, server: URL, pipeline: NetworkPipeline, session: Session? = nil,
                            requiresSignIn: Bool = true,
                            sessionDidChange: @escaping @Sendable (Session?) async -> Void = { _ in }) -> any EventBackend {
        switch kind {
        case .events:
            EventsClient(server: server, pipeline: pipeline, session: session,
                         logger: Logger(label: "eventplayer.api"), sessionDidChange: sessionDidChange)
        case .frigate:
            FrigateClient(server: server, pipeline: pipeline, session: session, requiresSignIn: requiresSignIn,
                          logger: Logger(label: "eventplayer.frigate"), sessionDidChange: sessionDidChange)
        case .zoneminder:
            ZoneMinderClient(server: server, pipeline: pipeline, session: session, requiresSignIn: requiresSignIn,
                             logger: Logger(label: "eventplayer.zoneminder"), sessionDidChange: sessionDidChange)
        }
    }
}
