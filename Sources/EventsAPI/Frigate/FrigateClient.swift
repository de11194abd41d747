import Foundation
import Logging
import Networking
import SystemSupport

/// Frigate NVR as an ``EventBackend`` (docs/frigate.md): sign-in by `POST /api/login` (a JWT in
/// the `frigate_token` cookie), review items as events, reviewed marks on the server, nginx-vod
/// HLS with the JWT as a bearer header, recordings as coverage.
///
/// API requests carry the JWT as the cookie, so that Frigate renews it (`Set-Cookie`) when it is
/// within `refresh_time` of its end; the renewed session is kept (``sessionDidChange``). A 401 is
/// ``EventsAPIError/Code/sessionExpired``: Frigate has no refresh token. No `Origin` header is
/// ever sent (a write with one needs Frigate's CSRF header).
///
/// On Frigate's unauthenticated port (5000) every request is answered without a session:
/// ``requiresSignIn`` is false and the video needs no credential.
///
/// ```swift
/// let frigate = FrigateClient(server: URL(string: "https://nvr.local:8971")!, pipeline: pipeline)
/// try await frigate.signIn(user: "admin", password: secret)
/// let alerts = try await frigate.events(cursor: nil, limit: 50, filter: EventFilter(severity: "alert"))
/// ```
public actor FrigateClient: SessionKeeping {
    public nonisolated let server: URL
    let pipeline: NetworkPipeline
    let logger: Logger
    let now: @Sendable () -> Date
    var keeper: SessionKeeper
    /// The current session, nil when signed out.
    public var session: Session? { keeper.session }
    /// False on the unauthenticated port.
    public private(set) var requiresSignIn: Bool
    /// `GET /api/config`'s cameras and groups, read once (again by ``cameras()``).
    var config: FrigateConfigBody?
    /// The `GET /api/config` on its way: whoever needs the config meanwhile waits for its answer
    /// rather than asking again (at start the list's first page and the camera list both do).
    var configLoad: Task<FrigateConfigBody, any Error>?
    /// Until then, API reads skip nginx's 5 s cache (`X-Cache-Bypass: 1`): just after a write.
    var bypassCacheUntil = Date.distantPast
    /// `GET /api/version`, once asked.
    var version: FrigateVersion?

    /// - Parameters:
    ///   - session: a stored session for this server, if any.
    ///   - requiresSignIn: false for Frigate's unauthenticated port (detected at `login`).
    ///   - sessionDidChange: called after sign-in, renewal and expiry (persist it here).
    public init(server: URL, pipeline: NetworkPipeline, session: Session? = nil, requiresSignIn: Bool = true,
                logger: Logger = Logger(label: "eventplayer.frigate", factory: { _ in SwiftLogNoOpLogHandler() }),
                now: @escaping @Sendable () -> Date = Date.init,
                sessionDidChange: @escaping @Sendable (Session?) async -> Void = { _ in }) {
        self.server = server
        self.pipeline = pipeline
        self.keeper = SessionKeeper(session: session, didChange: sessionDidChange)
        self.requiresSignIn = requiresSignIn
        self.logger = logger
        self.now = now
    }

    /// Signs in with a Frigate user and keeps the session. A server without authentication
    /// (its unauthenticated port) answers 404 "Authentication is disabled": then no session is
    /// needed and none is kept.
    @discardableResult
    public func signIn(user: String, password: String) async throws -> Session {
        let body = try JSONSerialization.data(withJSONObject: ["user": user, "password": password])
        let request = HTTPRequest(kind: .apiAuth, method: "POST", url: FrigatePaths.api(server, "login"),
                                  headers: [("Content-Type", "application/json"), ("Accept", "application/json")],
                                  body: body, isIdempotent: false)
        let response: HTTPResponse
        do {
            response = try await pipeline.send(request)
        } catch let error as NetworkError where error.status == 401 || error.status == 400 || error.status == 422 {
            logger.notice("sign-in refused", metadata: ["status": "\(error.status ?? 0)"])
            throw EventsAPIError(.wrongCredentials, "wrong user name or password")
        } catch let error as NetworkError where error.status == 429 {
            throw EventsAPIError(.rejected, "Frigate refused the sign-in: too many attempts (HTTP 429); wait a minute and try again")
        } catch let error as NetworkError where error.status == 404 && Self.says(error, "Authentication is disabled") {
            throw EventsAPIError(.rejected, "this Frigate port has no sign-in (authentication is disabled): use it without `login`")
        } catch {
            throw translate(error)
        }
        let cookies = response.headers.filter { $0.name.lowercased() == "set-cookie" }.map(\.value)
        guard let token = FrigateToken.fromSetCookies(cookies) else {
            throw EventsAPIError.notUnderstood("sign-in", field: "Set-Cookie: \(FrigateToken.cookieName)")
        }
        let session = makeSession(token)
        requiresSignIn = true
        logger.info("signed in", metadata: ["user": "\(token.user)", "role": "\(token.role)"])
        await keep(session)
        return session
    }

    func makeSession(_ token: FrigateToken) -> Session {
        Session(server: server, accessToken: token.jwt, refreshToken: "", expiresAt: token.expiresAt,
                user: User(id: token.user, email: token.user, name: token.user), backend: .frigate)
    }

    /// GETs (or sends) an API request with the session's cookie; keeps a renewed cookie; a 401 is
    /// an expired session (signed out).
    func send(_ url: URL, method: String = "GET", kind: HTTPRequestKind = .apiEvents, json: Any? = nil,
              bypassCache: Bool = false) async throws -> HTTPResponse {
        var headers: HTTPHeaderFields = [("Accept", "application/json")]
        if requiresSignIn {
            guard let session else { throw EventsAPIError.signInRequired }
            if session.expiresAt <= now() { throw await expire(Self.refusedSession) }
            headers.add(name: "Cookie", value: "\(FrigateToken.cookieName)=\(session.accessToken)")
        }
        if bypassCache || now() < bypassCacheUntil { headers.add(name: "X-Cache-Bypass", value: "1") }
        var body: Data?
        if let json {
            body = try JSONSerialization.data(withJSONObject: json)
            headers.add(name: "Content-Type", value: "application/json")
        }
        let request = HTTPRequest(kind: kind, method: method, url: url, headers: headers, body: body)
        do {
            let response = try await pipeline.send(request)
            await keepRenewedCookie(response)
            return response
        } catch let error as NetworkError where error.status == 401 {
            if requiresSignIn { throw await expire(Self.refusedSession) }
            throw EventsAPIError(.signInRequired, "Frigate asks for a sign-in on this port: run `eventplayer login`")
        } catch {
            throw translate(error)
        }
    }

    /// A write changed what the lists show: the next reads (5 s, nginx's cache time) skip the cache.
    func wrote() {
        bypassCacheUntil = now().addingTimeInterval(5)
    }

    private func keepRenewedCookie(_ response: HTTPResponse) async {
        let cookies = response.headers.filter { $0.name.lowercased() == "set-cookie" }.map(\.value)
        guard !cookies.isEmpty, let token = FrigateToken.fromSetCookies(cookies), token.jwt != session?.accessToken else { return }
        let renewed = makeSession(token)
        logger.info("session renewed by Frigate", metadata: ["until": "\(token.expiresAt)"])
        await keep(renewed)
    }

    private static let refusedSession: Logger.Message = "Frigate refused the session; signing out"

    static func says(_ error: NetworkError, _ text: String) -> Bool {
        guard let body = error.response?.body else { return false }
        return String(decoding: body, as: UTF8.self).contains(text)
    }

    /// Maps a pipeline failure onto what the user should know.
    nonisolated func translate(_ error: any Error) -> any Error {
        EventsAPIError.translating(error, server: server, logger: logger) { error, status in
            let message = error.response.flatMap { FrigateMessage.text(in: $0.body) }
            if status >= 500 { return EventsAPIError.serverError(status, message) }
            if error.request.url.lastPathComponent == "retain" {
                return FrigateClient.retainRefused(status, message, undo: error.request.method == "DELETE")
            }
            if status == 404, let message, message != "Review item not found", message.hasPrefix("Review "), message.hasSuffix(" not found") {
                // /api/review_ids names the first id it does not have.
                return EventsAPIError(.eventGone, "Frigate no longer has \(TerminalText.printable(message.lowercased())) (HTTP 404): it was deleted, or is past its retention")
            }
            if status == 404, message == "Review item not found" {
                let id = TerminalText.quoted(error.request.url.lastPathComponent, limit: 60)
                return EventsAPIError(.eventGone, "Frigate no longer has review item \(id) (HTTP 404): it was deleted, or is past its retention")
            }
            if status == 404 {
                return EventsAPIError(.rejected, "Frigate has no \(error.request.url.path) (HTTP 404); is the server URL Frigate's (port 8971 or 5000)?")
            }
            if status == 403 {
                return EventsAPIError(.rejected, "Frigate refused \(error.request.url.path) for this user (HTTP 403): its role has no access")
            }
            return EventsAPIError.rejected(status, message, path: error.request.url.path)
        }
    }
}

/// Frigate's error bodies: `{"message": …}` or `{"success": false, "message": …}`.
enum FrigateMessage {
    static func text(in body: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
              let message = object["message"] as? String ?? object["detail"] as? String else { return nil }
        return String(message.prefix(200))
    }
}
