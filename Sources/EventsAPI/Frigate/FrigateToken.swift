import Foundation

/// Frigate's session: the JWT its `POST /api/login` sets as the `frigate_token` cookie (and that
/// works as `Authorization: Bearer`), with the claims eventplayer reads (`sub`, `role`, `exp`).
/// The signature is the server's business; the claims only say who and until when.
///
/// ```swift
/// let token = FrigateToken(setCookie: "frigate_token=eyJ…; HttpOnly; Max-Age=86400; Path=/")
/// token?.user      // "admin"
/// token?.expiresAt // the JWT's exp
/// ```
struct FrigateToken: Equatable {
    /// The cookie's name (Frigate's `auth.cookie_name` default).
    static let cookieName = "frigate_token"

    let jwt: String
    let user: String
    let role: String
    let expiresAt: Date

    /// The claims of `jwt`; nil when it is not a JWT with `sub` and `exp`.
    init?(jwt: String) {
        let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let payload = Self.base64URL(parts[1]),
              let claims = try? JSONSerialization.jsonObject(with: payload) as? [String: Any],
              let user = claims["sub"] as? String,
              let exp = (claims["exp"] as? NSNumber)?.doubleValue else { return nil }
        self.jwt = jwt
        self.user = user
        self.role = claims["role"] as? String ?? "viewer"
        self.expiresAt = Date(timeIntervalSince1970: exp)
    }

    /// The token a `Set-Cookie` value sets, when it sets ``cookieName`` to a JWT.
    init?(setCookie value: String) {
        guard let pair = value.split(separator: ";", maxSplits: 1).first else { return nil }
        let nameValue = pair.split(separator: "=", maxSplits: 1)
        guard nameValue.count == 2, nameValue[0].trimmingCharacters(in: .whitespaces) == Self.cookieName else { return nil }
        var jwt = nameValue[1].trimmingCharacters(in: .whitespaces)
        if jwt.hasPrefix("\""), jwt.hasSuffix("\""), jwt.count >= 2 { jwt = String(jwt.dropFirst().dropLast()) }
        self.init(jwt: jwt)
    }

    /// The first ``cookieName`` token among the response's `Set-Cookie` fields.
    static func fromSetCookies(_ values: [String]) -> FrigateToken? {
        values.lazy.compactMap(FrigateToken.init(setCookie:)).first
    }

    private static func base64URL(_ text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}
