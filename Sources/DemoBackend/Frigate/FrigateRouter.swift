import Foundation

/// The Frigate flavour's routes, in two layers as in Frigate's container: nginx (which locations
/// need the JWT, the 5 s API cache, its own pages and headers) in front of FastAPI (the `/api/…`
/// routes, answered by the `FrigateRouter+…` extensions with the path nginx passes on, `/api`
/// stripped). Vod and `/clips/` are nginx's own.
///
/// | location (nginx.conf) | auth | cache | headers added on 2xx/3xx |
/// |---|---|---|---|
/// | `/api/login`, `/api/logout`, `/api/auth/first_time_login` (GET only) | no | — | `Cache-Control: no-store` |
/// | `~* /api/.*\.(jpg|jpeg|png|webp|gif)$` | JWT | no | — |
/// | `/api/vod/`, `/api/version`, `/api/stats` | JWT | no | — |
/// | `/api/` | JWT | 5 s, per user | `Cache-Control: no-store`, `X-Cache-Status` |
/// | `/vod/` | JWT | no | `Cache-Control: no-store` |
/// | `/clips/` | JWT | no | `Expires`, `Cache-Control: max-age=604800`, `Cache-Control: public` |
///
/// Every authenticated location also carries the renewed `Set-Cookie` from `auth()` (on 2xx/3xx,
/// as `add_header` does). A failed auth is nginx's 401 page (nginx passes no other header of the
/// auth answer on a 401: `auth_request` copies only `WWW-Authenticate`, which Frigate does not set).
struct FrigateRouter: Sendable {
    let frigate: FrigateContext
    let plan: FaultPlan
    let now: Date

    /// Who is asking (set once nginx's auth passed; nil on the public locations).
    struct Caller: Sendable {
        let identity: FrigateIdentity?
        var user: String { identity?.user ?? "" }
        var role: String { identity?.role ?? "" }
    }

    func route(_ request: RequestInfo) async -> Reply {
        let path = request.path
        if path.hasPrefix("/api/") {
            let upstream = String(path.dropFirst(4))
            for open in ["/api/login", "/api/logout", "/api/auth/first_time_login"] where path.hasPrefix(open) {
                if open == "/api/auth/first_time_login", !["GET", "HEAD"].contains(request.method) {
                    return NginxPage.reply(403)
                }
                var reply = await fastAPI(request, path: upstream, caller: Caller(identity: nil))
                Self.addHeaders([("Cache-Control", "no-store")], to: &reply)
                if ["GET", "HEAD"].contains(request.method) { Self.addHeaders([("X-Cache-Status", "MISS")], to: &reply) }
                return reply
            }
            guard let identity = await frigate.identify(request, generation: plan.accessGeneration, now: now) else {
                return NginxPage.reply(401)
            }
            let caller = Caller(identity: identity)
            var reply: Reply
            if Self.isImage(path) || path.hasPrefix("/api/vod/") || path.hasPrefix("/api/version") || path.hasPrefix("/api/stats") {
                reply = await fastAPI(request, path: upstream, caller: caller)
            } else {
                reply = await cached(request, path: upstream, caller: caller)
            }
            return Self.finish(reply, identity)
        }
        guard path.hasPrefix("/vod/") || path.hasPrefix("/clips/") else { return NginxPage.reply(404) }
        guard let identity = await frigate.identify(request, generation: plan.accessGeneration, now: now) else {
            return NginxPage.reply(401)
        }
        if path.hasPrefix("/vod/") {
            var reply = await vod(request)
            Self.addHeaders([("Cache-Control", "no-store")], to: &reply)
            return Self.finish(reply, identity)
        }
        return Self.finish(await clips(request), identity)
    }

    /// The `/api/` location's cache in front of FastAPI.
    private func cached(_ request: RequestInfo, path: String, caller: Caller) async -> Reply {
        guard ["GET", "HEAD"].contains(request.method) else {
            var reply = await fastAPI(request, path: path, caller: caller)
            Self.addHeaders([("Cache-Control", "no-store")], to: &reply)
            return reply
        }
        let key = "\(request.path)\(request.query.map { "?\($0)" } ?? "")|\(caller.role)||\(caller.user)"
        let bypassHeader = request.header("X-Cache-Bypass") ?? ""
        let bypass = !bypassHeader.isEmpty && bypassHeader != "0"
        var status = "MISS"
        if bypass {
            status = "BYPASS"
        } else {
            switch await frigate.cache.lookup(key, now: now) {
            case .hit(var reply):
                Self.addHeaders([("Cache-Control", "no-store"), ("X-Cache-Status", "HIT")], to: &reply)
                return reply
            case .expired: status = "EXPIRED"
            case .miss: break
            }
        }
        var reply = await fastAPI(request, path: path, caller: caller)
        await frigate.cache.store(reply, for: key, now: now)
        Self.addHeaders([("Cache-Control", "no-store"), ("X-Cache-Status", status)], to: &reply)
        return reply
    }

    /// nginx's `location ~* /api/.*\.(jpg|jpeg|png|webp|gif)$`.
    static func isImage(_ path: String) -> Bool {
        let lower = path.lowercased()
        guard let api = lower.range(of: "/api/") else { return false }
        let rest = lower[api.upperBound...]
        return [".jpg", ".jpeg", ".png", ".webp", ".gif"].contains { rest.hasSuffix($0) }
    }

    /// `add_header` (without `always`): only on 200, 201, 204, 206, 301, 302, 303, 304, 307, 308.
    static func addHeaders(_ headers: [(String, String)], to reply: inout Reply) {
        guard [200, 201, 204, 206, 301, 302, 303, 304, 307, 308].contains(reply.status) else { return }
        reply.headers += headers.filter { !$0.1.isEmpty }
    }

    /// auth_request.conf's `add_header Set-Cookie $auth_cookie`.
    private static func finish(_ reply: Reply, _ identity: FrigateIdentity) -> Reply {
        var reply = reply
        if let cookie = identity.refreshedCookie { addHeaders([("Set-Cookie", cookie)], to: &reply) }
        return reply
    }
}
