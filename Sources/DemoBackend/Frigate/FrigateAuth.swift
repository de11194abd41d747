import Foundation

/// Who a request is, as nginx's `auth_request` to Frigate's `/auth` decides (auth.py's `auth()`).
struct FrigateIdentity: Sendable, Equatable {
    let user: String
    let role: String
    /// The `Set-Cookie` with a renewed JWT when the cookie was within `refresh_time` of expiry.
    var refreshedCookie: String?
}

extension FrigateContext {
    /// auth.py's `auth()`: without auth everyone is `anonymous`/`admin` (the internal port); else
    /// `Authorization: Bearer <jwt>` first, then the `frigate_token` cookie; a bad signature, a
    /// missing `sub`/`role`/`exp` claim or `exp <= now` is nil (401). A cookie JWT within
    /// `refresh_time` of expiry gets a fresh one (`exp = now + session_length`) for its user.
    func identify(_ request: RequestInfo, generation: Int, now: Date) async -> FrigateIdentity? {
        guard options.requiresAuth else { return FrigateIdentity(user: "anonymous", role: "admin") }
        let token: String
        let fromCookie: Bool
        if let header = request.header("Authorization"), header.hasPrefix("Bearer ") {
            token = header.replacingOccurrences(of: "Bearer ", with: "")
            fromCookie = false
        } else if let cookie = Self.cookies(request)["frigate_token"] {
            token = cookie
            fromCookie = true
        } else {
            return nil
        }
        guard let claims = jwt.claims(of: token), let user = claims.user, let role = claims.role,
              let expiration = claims.expiration
        else { return nil }
        let current = Int(now.timeIntervalSince1970)
        guard expiration > current, await !tokens.isRevoked(token, generation: generation) else { return nil }
        var identity = FrigateIdentity(user: user, role: role)
        if fromCookie, expiration - Int(options.refreshTime) <= current {
            guard users.contains(where: { $0.name == user }) else { return nil }
            identity.refreshedCookie = await issueCookie(user: user, role: role, now: current, generation: generation)
        }
        return identity
    }

    /// A new session JWT as the `Set-Cookie` value Starlette's `set_cookie` writes for
    /// `set_jwt_cookie` (sorted attributes, SameSite's default `lax`).
    func issueCookie(user: String, role: String, now: Int, generation: Int) async -> String {
        let length = Int(options.sessionLength)
        let token = jwt.make(user: user, role: role, expiration: now + length, issuedAt: now)
        await tokens.issued(token, generation: generation)
        return "frigate_token=\(token); HttpOnly; Max-Age=\(length); Path=/; SameSite=lax"
    }

    /// The request's cookies (Starlette's `cookie_parser`: `;`-separated `name=value`, trimmed).
    static func cookies(_ request: RequestInfo) -> [String: String] {
        guard let header = request.header("Cookie") else { return [:] }
        var cookies: [String: String] = [:]
        for chunk in header.split(separator: ";") {
            let parts = chunk.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = parts.count == 2 ? parts[0].trimmingCharacters(in: .whitespaces) : ""
            let value = (parts.count == 2 ? parts[1] : parts[0]).trimmingCharacters(in: .whitespaces)
            if !name.isEmpty || !value.isEmpty {
                cookies[name] = value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"")
                    ? String(value.dropFirst().dropLast()) : value
            }
        }
        return cookies
    }

    /// fastapi_app.py's `check_csrf`: a request that changes something (not GET, HEAD, OPTIONS,
    /// TRACE) with an `Origin` header needs `X-CSRF-TOKEN` (any value).
    static func passesCSRF(_ request: RequestInfo) -> Bool {
        if ["GET", "HEAD", "OPTIONS", "TRACE"].contains(request.method) { return true }
        return request.header("Origin") == nil || request.header("X-CSRF-TOKEN") != nil
    }
}
