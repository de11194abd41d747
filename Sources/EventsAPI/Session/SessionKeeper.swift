import Foundation
import Logging

/// A backend client's session: the one it has, the refresh under way, and who hears when it
/// changes. Each client (an actor, ``SessionKeeping``) holds one and keeps only what its server
/// differs in: how it signs in, how it refreshes (or renews), where the token goes.
///
/// ```swift
/// var keeper = SessionKeeper(session: stored, didChange: { await store.save($0) })
/// keeper.session?.accessToken
/// ```
struct SessionKeeper: Sendable {
    /// The current session, nil when signed out.
    fileprivate(set) var session: Session?
    /// Called after sign-in, refresh, renewal and expiry (persist it there); nil: signed out.
    let didChange: @Sendable (Session?) async -> Void
    /// The refresh under way: callers that come meanwhile wait for it rather than start another.
    fileprivate var refreshing: Task<Session, any Error>?

    init(session: Session?, didChange: @escaping @Sendable (Session?) async -> Void) {
        self.session = session
        self.didChange = didChange
    }
}

/// A backend client that keeps its session in a ``SessionKeeper``: keeping a new one, dropping a
/// refused one and refreshing once are the same for every client, here.
protocol SessionKeeping: Actor {
    var keeper: SessionKeeper { get set }
    var logger: Logger { get }
}

extension SessionKeeping {
    /// Keeps `session` (signed in, refreshed or renewed) and announces it.
    func keep(_ session: Session) async {
        keeper.session = session
        await keeper.didChange(session)
    }

    /// The server refused the session: drops it (once: announced as nil, which the app turns into
    /// an expired session, its server kept) and returns the error to throw.
    func expire(_ message: @autoclosure () -> Logger.Message) async -> EventsAPIError {
        if keeper.session != nil {
            logger.notice(message())
            keeper.session = nil
            await keeper.didChange(nil)
        }
        return EventsAPIError.sessionExpired
    }

    /// The session after `perform` refreshed it, run once however many callers ask meanwhile:
    /// a caller that comes while a refresh is under way shares it (a rotating refresh token is
    /// spent once). `perform` keeps what it gets (``keep(_:)``) or expires the session.
    func refreshOnce(_ perform: @escaping @Sendable (Session) async throws -> Session) async throws -> Session {
        if let refreshing = keeper.refreshing { return try await refreshing.value }
        guard let current = keeper.session else { throw EventsAPIError.signInRequired }
        let task = Task { try await perform(current) }
        keeper.refreshing = task
        defer { keeper.refreshing = nil }
        return try await task.value
    }
}
