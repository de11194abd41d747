import Foundation

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
    /// The token as the query item `name` of every request to the video's origin, and nowhere
    /// else (ZoneMinder's `token`: it takes no header). Such a server answers a refused token with
    /// a web page (``isRefusal(contentType:)``), not 401.
    case queryItem(String)
    /// No credential (a server that needs none).
    case none

    /// The `Authorization` header's value for `token`.
    public func headerValue(_ token: String) -> String? {
        switch self {
        case .queryAndHeader: token
        case .bearerHeader: "Bearer \(token)"
        case .queryItem, .none: nil
        }
    }

    /// `url` with the token as the ``queryItem(_:)``'s item (any item of that name replaced);
    /// `url` as it is for the other placements.
    ///
    /// ```swift
    /// CredentialPlacement.queryItem("token").authorizing(URL(string: "http://nvr/zm/index.php?view=view_video&eid=1")!, token: "t")
    /// // http://nvr/zm/index.php?view=view_video&eid=1&token=t
    /// ```
    public func authorizing(_ url: URL, token: String) -> URL {
        guard case .queryItem(let name) = self, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        var items = (components.queryItems ?? []).filter { $0.name != name }
        items.append(URLQueryItem(name: name, value: token))
        components.queryItems = items
        // `+` is a space in a query: a token must keep it.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.url ?? url
    }

    /// `url` without the token's query item (what is kept, logged or shown).
    public func withoutToken(_ url: URL) -> URL {
        guard case .queryItem(let name) = self, var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let items = components.percentEncodedQueryItems else { return url }
        let kept = items.filter { $0.name != name }
        components.percentEncodedQueryItems = kept.isEmpty ? nil : kept
        return components.url ?? url
    }

    /// True when a media response of this `Content-Type` is the server refusing the token: with
    /// the token in the query (ZoneMinder) a refusal is a web page (`200 text/html`), not a 401.
    public func isRefusal(contentType: String?) -> Bool {
        guard case .queryItem = self else { return false }
        return contentType?.lowercased().contains("text/html") == true
    }
}
