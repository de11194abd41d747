import Foundation

/// An HTTP request as the pipeline sees it: a value that filters may change.
///
/// ```swift
/// let request = HTTPRequest(kind: .apiTokens, url: base.appending(path: "v1/events/tokens"),
///                           headers: [("Authorization", "Bearer \(token)")])
/// ```
/// Its `description` never shows header values or the query, so it is safe to log.
public struct HTTPRequest: Sendable, Equatable, CustomStringConvertible {
    /// What the request is for.
    public var kind: HTTPRequestKind
    /// `GET`, `POST`, ...
    public var method: String
    /// The absolute URL.
    public var url: URL
    /// Header fields in order; names compare case-insensitively (see ``HTTPHeaderFields``).
    public var headers: HTTPHeaderFields
    /// The body, if any.
    public var body: Data?
    /// Whether the request may be replayed after a transport error where it may have reached the
    /// server. Defaults to true for GET, HEAD, PUT, DELETE, OPTIONS.
    public var isIdempotent: Bool

    public init(
        kind: HTTPRequestKind,
        method: String = "GET",
        url: URL,
        headers: HTTPHeaderFields = [],
        body: Data? = nil,
        isIdempotent: Bool? = nil
    ) {
        self.kind = kind
        self.method = method.uppercased()
        self.url = url
        self.headers = headers
        self.body = body
        self.isIdempotent = isIdempotent ?? ["GET", "HEAD", "PUT", "DELETE", "OPTIONS"].contains(method.uppercased())
    }

    /// `host[:port]`, the key early retry groups requests by.
    public var hostKey: String {
        let host = url.host ?? "?"
        return url.port.map { "\(host):\($0)" } ?? host
    }

    /// `host[:port]/path`, without scheme, user, query or fragment (which may carry secrets).
    public var loggableTarget: String {
        let path = url.path
        return hostKey + (path.isEmpty ? "/" : path)
    }

    public var description: String {
        "\(method) \(kind.rawValue) \(loggableTarget)"
    }
}
