/// Where a playback's requests carry its credential (the event's media token or the session's
/// bearer token); the credential goes only to origins that may have it (the proxy's `OriginPolicy`).
///
/// ```swift
/// var source = PlaybackSource(eventID: "a", videoURL: url, bucket: "session", startTime: start, endTime: end)
/// source.credential = .bearerHeader      // Frigate: `Authorization: Bearer <jwt>`, never in a URL
/// ```
public enum CredentialPlacement: Sendable, Equatable {
    /// The events service's media token: `Authorization=<token>` query item and the raw
    /// `Authorization: <token>` header.
    case queryAndHeader
    /// `Authorization: Bearer <token>` only; URLs are left as they are.
    case bearerHeader
    /// No credential (a server that needs none).
    case none

    /// The `Authorization` header's value for `token`.
    public func headerValue(_ token: String) -> String? {
        switch self {
        case .queryAndHeader: token
        case .bearerHeader: "Bearer \(token)"
        case .none: nil
        }
    }
}
