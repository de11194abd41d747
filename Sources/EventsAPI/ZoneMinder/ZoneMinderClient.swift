import Foundation
import Logging
import Networking
import SystemSupport

/// ZoneMinder as an ``EventBackend`` (docs/zoneminder.md): sign-in by `POST /api/host/login.json`
/// (an access token, 2 h by default, and a refresh token, 24 h), monitors as cameras, events as
/// events, each event's MP4 (`view=view_video`) as its video.
///
/// Every request carries the access token as the `token` query item: ZoneMinder accepts no
/// `Authorization` header. The token is refreshed with the refresh token when it is within
/// ``refreshMargin`` of its end, and once after the server refused it; a refused refresh token
/// is an expired session (sign in again). With ZoneMinder's authentication off
/// (`ZM_OPT_USE_AUTH=0`, detected at `login`) no token is sent.
///
/// ```swift
/// let zm = ZoneMinderClient(server: URL(string: "https://nvr.local/zm")!, pipeline: pipeline)
/// try await zm.signIn(user: "viewer", password: secret)
/// let page = try await zm.events(cursor: nil, limit: 50, filter: EventFilter(camera: "Front door"))
/// ```
public actor ZoneMinderClient: SessionKeeping {
    public nonisolated let server: URL
    /// Where the API and the web views are (``ZoneMinderPaths/base(_:)``).
    nonisolated let base: URL
    let pipeline: NetworkPipeline
    let logger: Logger
    let now: @Sendable () -> Date
    var keeper: SessionKeeper
    /// The current session, nil when signed out.
    public var session: Session? { keeper.session }
    /// False when ZoneMinder's authentication is off.
    public private(set) var requiresSignIn: Bool
    /// The server's time zone, once asked.
    var serverTime: ZoneMinderTime?
    /// The monitors, once asked (again by ``cameras()``).
    var monitors: [ZoneMinderBody.Monitor]?
    /// The `GET /api/monitors.json` on its way: whoever needs the monitors meanwhile waits for its
    /// answer rather than asking again (at start the list's first page and the camera list both do).
    var monitorsLoad: Task<[ZoneMinderBody.MonitorItem], any Error>?

    /// A token this close to its end is refreshed before it is used (a playback that starts then
    /// has at least this long before the server refuses it).
    static let refreshMargin: TimeInterval = 600
    /// How long before the end the media token is given out with (``mediaTokens(refresh:)``, which
    /// subtracts ``refreshMargin``) a cache of it renews it (`MediaTokenCache`: a minute); the
    /// session's token is renewed within both, so the cache's renewal gets a fresh one.
    static let cacheLead: TimeInterval = 120

    /// - Parameters:
    ///   - session: a stored session for this server, if any.
    ///   - requiresSignIn: false when ZoneMinder's authentication is off (detected at `login`).
    ///   - sessionDidChange: called after sign-in, refresh and expiry (persist it here).
    public init(server: URL, pipeline: NetworkPipeline, session: Session? = nil, requiresSignIn: Bool = true,
                logger: Logger = Logger(label: "eventplayer.zoneminder", factory: { _ in SwiftLogNoOpLogHandler() }),
                now: @escaping @Sendable () -> Date = Date.init,
                sessionDidChange: @escaping @Sendable (Session?) async -> Void = { _ in }) {
        self.server = server
        self.base = ZoneMinderPaths.base(server)
        self.pipeline = pipeline
        self.keeper = SessionKeeper(session: session, didChange: sessionDidChange)
        self.requiresSignIn = requiresSignIn
        self.logger = logger
        self.now = now
    }

    /// Signs in with a ZoneMinder user (one with API access) and keeps the session.
    @discardableResult
    public func signIn(user: String, password: String) async throws -> Session {
        let login = try await login(form: [("user", user), ("pass", password)], what: "sign-in")
        guard let refresh = login.refresh_token, !refresh.isEmpty else {
            throw EventsAPIError.notUnderstood("sign-in", field: "refresh_token")
        }
        let session = makeSession(access: login, refresh: refresh, user: user)
        requiresSignIn = true
        logger.info("signed in", metadata: ["user": "\(user)", "version": "\(login.version ?? "?")"])
        await keep(session)
        return session
    }

    /// A new access token from the refresh token (ZoneMinder gives no new refresh token: the
    /// session ends with the one it has, a day after the sign-in). Callers that come while one is
    /// under way share it.
    func refresh() async throws -> Session {
        try await refreshOnce { current in try await self.performRefresh(current) }
    }

    private func performRefresh(_ current: Session) async throws -> Session {
        guard !current.refreshToken.isEmpty else { throw EventsAPIError.signInRequired }
        let login: ZoneMinderBody.Login
        do {
            login = try await self.login(form: [("token", current.refreshToken)], what: "token refresh")
        } catch let error as EventsAPIError where error.code == .wrongCredentials {
            throw await expire(Self.refusedSession)
        }
        let renewed = makeSession(access: login, refresh: current.refreshToken, user: current.user.name)
        logger.info("access token refreshed", metadata: ["until": "\(renewed.expiresAt)"])
        await keep(renewed)
        return renewed
    }

    /// `POST /api/host/login.json` with a form body (ZoneMinder refuses a JSON one).
    private func login(form: [(String, String)], what: String) async throws -> ZoneMinderBody.Login {
        let body = Self.formBody(form)
        let request = HTTPRequest(kind: .apiAuth, method: "POST", url: ZoneMinderPaths.api(base, "host/login"),
                                  headers: [("Content-Type", "application/x-www-form-urlencoded"), ("Accept", "application/json")],
                                  body: Data(body.utf8), isIdempotent: false)
        let response: HTTPResponse
        do {
            response = try await pipeline.send(request)
        } catch let error as NetworkError where error.status == 401 {
            let message = error.response.flatMap { Self.message(in: $0.body) } ?? "refused"
            logger.notice("\(what) refused", metadata: ["reason": "\(message)"])
            if message.hasPrefix("API disabled") {
                throw EventsAPIError(.rejected, "ZoneMinder refused the sign-in: \(message) (switch on \"API enabled\" for this user in Options › Users)")
            }
            throw EventsAPIError(.wrongCredentials, what == "sign-in" ? "wrong user name or password" : "ZoneMinder refused the refresh token (\(message))")
        } catch {
            throw translate(error)
        }
        let login = try APIDecoding.decode(ZoneMinderBody.Login.self, from: try await checked(response).body, what: "ZoneMinder \(what)")
        guard !login.access_token.isEmpty else { throw EventsAPIError.notUnderstood(what, field: "access_token") }
        return login
    }

    private func makeSession(access login: ZoneMinderBody.Login, refresh: String, user: String) -> Session {
        Redactor.shared.register(login.access_token)
        Redactor.shared.register(refresh)
        let lifetime = login.access_token_expires?.value ?? 3600
        return Session(server: server, accessToken: login.access_token, refreshToken: refresh,
                       expiresAt: now().addingTimeInterval(max(60, lifetime)),
                       user: User(id: user, email: user, name: user), backend: .zoneminder)
    }

    /// The access token to send now (refreshed first when near its end); nil when the server
    /// needs none.
    func currentToken(refresh force: Bool = false) async throws -> String? {
        guard requiresSignIn else { return nil }
        guard let session else { throw EventsAPIError.signInRequired }
        if force || session.needsRefresh(at: now(), margin: Self.refreshMargin + Self.cacheLead) {
            return try await refresh().accessToken
        }
        return session.accessToken
    }

    /// GETs an API path with the token; a 401 refreshes the token once and asks again.
    func get(_ path: String, query: [URLQueryItem] = [], kind: HTTPRequestKind = .apiEvents) async throws -> HTTPResponse {
        try await get(ZoneMinderPaths.api(base, path, query: query), kind: kind)
    }

    func get(_ url: URL, kind: HTTPRequestKind = .apiEvents) async throws -> HTTPResponse {
        try await send(url, kind: kind)
    }

    /// Sends a request with the token (`form`: a form body, as ZoneMinder's API takes one); a 401
    /// refreshes the token once and sends it again. ZoneMinder's 401 "Insufficient privileges"
    /// is the user's permissions, not the token: it is thrown as it is, and the session stays.
    func send(_ url: URL, method: String = "GET", form: [(String, String)]? = nil,
              kind: HTTPRequestKind = .apiEvents) async throws -> HTTPResponse {
        var refreshed = false
        while true {
            var target = url
            if let token = try await currentToken(refresh: refreshed) { target.append(queryItems: [URLQueryItem(name: "token", value: token)]) }
            var headers: HTTPHeaderFields = [("Accept", "application/json")]
            if form != nil { headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded") }
            let request = HTTPRequest(kind: kind, method: method, url: target, headers: headers,
                                      body: form.map { Data(Self.formBody($0).utf8) })
            let response: HTTPResponse
            do {
                response = try await pipeline.send(request)
            } catch let error as NetworkError where error.status == 401 {
                let message = error.response.flatMap { Self.message(in: $0.body) } ?? ""
                if message.lowercased().hasPrefix("insufficient privilege") {
                    let needed = (method == "GET" ? "View" : "Edit") + " on " + (url.path.contains("/api/monitors") ? "Monitors" : "Events")
                    throw EventsAPIError(.rejected, "ZoneMinder refused: \(TerminalText.quoted(message, limit: 80)) (the user needs \(needed) in Options › Users)")
                }
                guard requiresSignIn else {
                    throw EventsAPIError(.signInRequired, "ZoneMinder asks for a sign-in (its authentication is on): run `eventplayer login`")
                }
                if refreshed || session?.refreshToken.isEmpty != false { throw await expire(Self.refusedSession) }
                logger.notice("token refused; refreshing", metadata: ["reason": "\(message)"])
                refreshed = true
                continue
            } catch {
                throw translate(error)
            }
            return try await checked(response)
        }
    }

    private static let refusedSession: Logger.Message = "ZoneMinder refused the session; signing out"

    /// `a=1&b=2`, each value form-encoded.
    static func formBody(_ fields: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._*")
        return fields.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }.joined(separator: "&")
    }

    /// The message of a ZoneMinder error body.
    static func message(in body: Data) -> String? {
        (try? JSONDecoder().decode(ZoneMinderBody.Failure.self, from: body))?.message.map { String($0.prefix(200)) }
    }

    /// Maps a pipeline failure onto what the user should know.
    nonisolated func translate(_ error: any Error) -> any Error {
        EventsAPIError.translating(error, server: server, logger: logger) { error, status in
            let message = error.response.flatMap { Self.message(in: $0.body) }
            if status >= 500 { return EventsAPIError.serverError(status, message) }
            if status == 404, message == "Invalid event" {
                let id = error.request.url.deletingPathExtension().lastPathComponent
                return EventsAPIError.eventGone(id, "ZoneMinder answers \"Invalid event\"")
            }
            if status == 404 {
                return EventsAPIError(.rejected, "ZoneMinder has no \(error.request.url.path) (HTTP 404): is the API switched on (Options › System › OPT_USE_API), and is the server URL ZoneMinder's (e.g. http://host/zm)?")
            }
            return EventsAPIError.rejected(status, message, path: error.request.url.path)
        }
    }
}

extension ZoneMinderClient {
    /// Is `server` ZoneMinder? `GET <zm>/api/host/getVersion.json` without a token answers its
    /// version when its authentication is off, and its own JSON 401 ("Not Authenticated") when it
    /// is on; nil for anything else. An unreachable server throws (the user learns why at once),
    /// and so does a ZoneMinder that cannot connect to its database (``databaseFailure(base:server:pipeline:)``).
    static func probe(server: URL, pipeline: NetworkPipeline) async throws -> BackendDetector.Found? {
        let url = ZoneMinderPaths.api(ZoneMinderPaths.base(server), "host/getVersion")
        let request = HTTPRequest(kind: .apiAuth, url: url, headers: [("Accept", "application/json")])
        do {
            let response = try await pipeline.send(request)
            guard let body = try? JSONDecoder().decode(ZoneMinderBody.Version.self, from: response.body), body.apiversion != nil else {
                // ZoneMinder without its database answers an empty page here: say that, rather
                // than take the server for another kind (whose sign-in would be asked for).
                if isEmptyPage(response),
                   let failure = await databaseFailure(base: ZoneMinderPaths.base(server), server: server, pipeline: pipeline) {
                    throw failure
                }
                return nil
            }
            return .zoneminder(requiresSignIn: false, version: body.version)
        } catch let error as NetworkError where error.status == 401 {
            guard let body = error.response?.body, message(in: body) != nil else { return nil }
            return .zoneminder(requiresSignIn: true, version: nil)
        } catch let error as NetworkError where error.status != nil {
            return nil
        } catch {
            throw ZoneMinderClient(server: server, pipeline: pipeline).translate(error)
        }
    }
}
