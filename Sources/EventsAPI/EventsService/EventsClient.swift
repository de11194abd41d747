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
public actor EventsClient: SessionKeeping {
    /// The server's base URL.
    public nonisolated let server: URL
    let pipeline: NetworkPipeline
    let logger: Logger
    let now: @Sendable () -> Date
    var keeper: SessionKeeper
    /// The current session, nil when signed out.
    public var session: Session? { keeper.session }

    /// - Parameters:
    ///   - session: a stored session for this server, if any.
    ///   - sessionDidChange: called after sign-in, refresh and sign-out (persist it here).
    public init(server: URL, pipeline: NetworkPipeline, session: Session? = nil,
                logger: Logger = Logger(label: "eventplayer.api", factory: { _ in SwiftLogNoOpLogHandler() }),
                now: @escaping @Sendable () -> Date = Date.init,
                sessionDidChange: @escaping @Sendable (Session?) async -> Void = { _ in }) {
        self.server = server
        self.pipeline = pipeline
        self.keeper = SessionKeeper(session: session, didChange: sessionDidChange)
        self.logger = logger
        self.now = now
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
        logger.info("signed in", metadata: ["user": "\(session.user.email)"])
        await keep(session)
        return session
    }

    /// Exchanges the refresh token for a new session. Concurrent callers share one refresh.
    @discardableResult
    public func refresh() async throws -> Session {
        try await refreshOnce { current in try await self.performRefresh(current) }
    }

    private func performRefresh(_ current: Session) async throws -> Session {
        let body = try JSONSerialization.data(withJSONObject: ["refreshToken": current.refreshToken])
        let request = HTTPRequest(kind: .apiAuth, method: "POST", url: endpoint("v1/auth/refresh"),
                                  headers: [("Content-Type", "application/json"), ("Accept", "application/json")],
                                  body: body, isIdempotent: false)
        do {
            let response = try await pipeline.send(request)
            let session = try makeSession(from: response.body)
            logger.info("session refreshed")
            await keep(session)
            return session
        } catch let error as NetworkError where error.status == 401 || error.status == 400 {
            throw await expire("refresh refused; signing out")
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
