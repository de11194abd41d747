import Foundation
import Logging
import Networking

/// The events service: sign-in, refresh, event pages and media tokens, all through the
/// ``NetworkPipeline`` with kinds `apiAuth`, `apiEvents` and `apiTokens`.
///
/// A 401 from an API call refreshes the session once and retries once; a second 401, or a
/// refused refresh, is ``EventsAPIError/Code/sessionExpired``.
///
/// ```swift
/// let client = EventsClient(server: url, pipeline: NetworkPipeline())
/// try await client.signIn(email: "demo@eventplayer.dev", password: "demo-password")
/// let page = try await client.events(limit: 50)
/// ```
public actor EventsClient {
    /// The server's base URL.
    public nonisolated let server: URL
    let pipeline: NetworkPipeline
    let logger: Logger
    let now: @Sendable () -> Date
    let sessionDidChange: @Sendable (Session?) async -> Void
    /// The current session, nil when signed out.
    public private(set) var session: Session?
    private var refreshing: Task<Session, any Error>?

    /// - Parameters:
    ///   - session: a stored session for this server, if any.
    ///   - sessionDidChange: called after sign-in, refresh and sign-out (persist it here).
    public init(server: URL, pipeline: NetworkPipeline, session: Session? = nil,
                logger: Logger = Logger(label: "eventplayer.api", factory: { _ in SwiftLogNoOpLogHandler() }),
                now: @escaping @Sendable () -> Date = Date.init,
                sessionDidChange: @escaping @Sendable (Session?) async -> Void = { _ in }) {
        self.server = server
        self.pipeline = pipeline
        self.session = session
        self.logger = logger
        self.now = now
        self.sessionDidChange = sessionDidChange
    }

    /// Signs in and keeps the session.
    @discardableResult
    public func signIn(email: String, password: String) async throws -> Session {
        let body = try JSONSerialization.data(withJSONObject: ["email": email, "password": password])
        let request = HTTPRequest(kind: .apiAuth, method: "POST", url: endpoint("v1/auth/sign-in"),
                                  headers: [("Content-Type", "application/json"), ("Accept", "application/json")],
                                  body: body)
        let response: HTTPResponse
        do {
            response = try await pipeline.send(request)
        } catch let error as NetworkError where error.status == 401 || error.status == 400 {
            let said = error.response.flatMap { APIErrorBody.message(in: $0.body) } ?? ""
            logger.notice("sign-in refused", metadata: ["status": "\(error.status ?? 0)", "server says": "\(said)"])
            throw EventsAPIError.wrongCredentials
        } catch {
            throw translate(error)
        }
        let session = try makeSession(from: response.body)
        self.session = session
        logger.info("signed in", metadata: ["user": "\(session.user.email)"])
        await sessionDidChange(session)
        return session
    }

    /// Exchanges the refresh token for a new session. Concurrent callers share one refresh.
    @discardableResult
    public func refresh() async throws -> Session {
        if let refreshing { return try await refreshing.value }
        guard let current = session else { throw EventsAPIError.signInRequired }
        let task = Task { try await self.performRefresh(current) }
        refreshing = task
        defer { refreshing = nil }
        return try await task.value
    }

    private func performRefresh(_ current: Session) async throws -> Session {
        let body = try JSONSerialization.data(withJSONObject: ["refreshToken": current.refreshToken])
        let request = HTTPRequest(kind: .apiAuth, method: "POST", url: endpoint("v1/auth/refresh"),
                                  headers: [("Content-Type", "application/json"), ("Accept", "application/json")],
                                  body: body, isIdempotent: false)
        do {
            let response = try await pipeline.send(request)
            let session = try makeSession(from: response.body)
            self.session = session
            logger.info("session refreshed")
            await sessionDidChange(session)
            return session
        } catch let error as NetworkError where error.status == 401 || error.status == 400 {
            logger.notice("refresh refused; signing out")
            self.session = nil
            await sessionDidChange(nil)
            throw EventsAPIError.sessionExpired
        } catch let error as EventsAPIError {
            throw error
        } catch {
            throw translate(error)
        }
    }

    private func makeSession(from data: Data) throws -> Session {
        let body = try APIDecoding.decode(SessionBody.self, from: data, what: "session")
        return Session(server: server, accessToken: body.accessToken, refreshToken: body.refreshToken,
                       expiresAt: now().addingTimeInterval(body.expiresIn), user: body.user)
    }

    func endpoint(_ path: String) -> URL {
        server.appending(path: path)
    }
}
