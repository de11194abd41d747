import Foundation

/// A signed-in session: what the server's sign-in returned, plus the server and the backend it
/// belongs to (kept in the session file, so a stored session says which API to speak).
public struct Session: Sendable, Codable, Hashable {
    /// The server this session was issued by.
    public var server: URL
    /// The events service's access token; Frigate's JWT.
    public var accessToken: String
    /// The events service's refresh token; empty where the server renews the session otherwise
    /// (Frigate refreshes its cookie on a request near the end).
    public var refreshToken: String
    /// When the access token stops working (`expiresIn`; the JWT's `exp`).
    public var expiresAt: Date
    public var user: User
    /// The API it was issued by; nil in files written before there was a choice (the events service).
    public var backend: BackendKind?

    public init(server: URL, accessToken: String, refreshToken: String, expiresAt: Date, user: User,
                backend: BackendKind? = nil) {
        self.server = server
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.user = user
        self.backend = backend
    }

    /// The same session signed out: no tokens, expired for good (``isSignedOut``). The store
    /// keeps it so that its server and user are remembered for the next sign-in.
    public var signedOut: Session {
        var copy = self
        copy.accessToken = ""
        copy.refreshToken = ""
        copy.expiresAt = .distantPast
        return copy
    }

    /// True for a session the server refused (``signedOut``): a sign-in is needed. (A session
    /// without a token that never expires is a server that needs no sign-in.)
    public var isSignedOut: Bool { accessToken.isEmpty && expiresAt == .distantPast }

    /// True when the access token has expired or will within `margin` seconds.
    public func needsRefresh(at now: Date, margin: TimeInterval = 30) -> Bool {
        expiresAt.timeIntervalSince(now) <= margin
    }
}
