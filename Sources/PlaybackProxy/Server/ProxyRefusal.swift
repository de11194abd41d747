import Foundation

/// The playback proxy refused a request itself: its target is on an origin that the event's
/// playlists do not name (or named only without the token). Not the server refusing the token:
/// the proxy answers `421 Misdirected Request`, never 401/403, so the player's log cannot be read
/// as an expired token, and no token refresh follows.
///
/// ```swift
/// refusal.description
/// // "the playback proxy refused a request to 127.0.0.9:80/seg0.ts: the event's playlists do not name that host"
/// ```
public struct ProxyRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// `host[:port]/path` of the refused target (no query).
    public var target: String
    /// True when the origin is allowed, but only without the token and the request asked for it.
    public var wantedToken: Bool

    public init(target: String, wantedToken: Bool) {
        self.target = target
        self.wantedToken = wantedToken
    }

    /// The status the player gets.
    public static let status = 421

    public var description: String {
        wantedToken
            ? "the playback proxy refused to send the media token to \(target): that host is reached only through a redirect"
            : "the playback proxy refused a request to \(target): the event's playlists do not name that host"
    }
}
