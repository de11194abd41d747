import Foundation

/// A signed-in session: what `POST /v1/auth/sign-in` returns, plus the server it belongs to.
public struct Session: Sendable, Codable, Hashable {
    /// The events server this session was issued by.
    public var server: URL
    public var accessToken: String
    public var refreshToken: String
    /// When the access token stops working (from `expiresIn`).
    public var expiresAt: Date
    public var user: User

    public init(server: URL, accessToken: String, refreshToken: String, expiresAt: Date, user: User) {
        self.server = server
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.user = user
    }

    /// True when the access token has expired or will within `margin` seconds.
    public func needsRefresh(at now: Date, margin: TimeInterval = 30) -> Bool {
        expiresAt.timeIntervalSince(now) <= margin
    }
}
