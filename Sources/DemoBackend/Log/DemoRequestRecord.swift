import Foundation

/// One request the demo backend answered, as recorded in ``DemoServer/requestLog()``.
///
/// ```swift
/// let log = await server.requestLog()
/// let media = log.filter { $0.path.hasPrefix("/media/") }
/// #expect(media.allSatisfy { $0.tokenSource != .none })
/// ```
public struct DemoRequestRecord: Sendable, Equatable, CustomStringConvertible {
    /// Where a media request carried its token.
    public enum TokenSource: String, Sendable, Equatable {
        /// Query item `Authorization=<token>` (wins when the header is present too).
        case query
        /// Raw header `Authorization: <token>`.
        case header
        /// No token (or not a `/media/` request).
        case none
    }

    /// HTTP method, e.g. `GET`.
    public let method: String
    /// The path as requested (not percent-decoded), without the query.
    public let path: String
    /// The raw query string, if any.
    public let query: String?
    /// The media token presented on a `/media/` request (query first, else header).
    public let mediaToken: String?
    /// Where ``mediaToken`` came from.
    public let tokenSource: TokenSource
    /// The status answered (for a dropped connection: the status of the head that was sent).
    public let status: Int
    /// The fault injected into this request, e.g. `"failNext 503"`, `"dropConnection"`; nil when none.
    public let fault: String?
    /// When the request arrived.
    public let date: Date
    /// The request's header fields by lower-cased name (first value), as received; `:authority`
    /// is the `host:port` the request reached (which listener: the main one or the second host).
    public let headers: [String: String]

    /// Makes a record (the server makes these; public for tests that build expected values).
    public init(
        method: String, path: String, query: String?, mediaToken: String?,
        tokenSource: TokenSource, status: Int, fault: String? = nil, date: Date = Date(), headers: [String: String] = [:]
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.mediaToken = mediaToken
        self.tokenSource = tokenSource
        self.status = status
        self.fault = fault
        self.date = date
        self.headers = headers
    }

    /// `GET /v1/events?limit=5 -> 200` (the query is shown as received; tokens are not redacted).
    public var description: String {
        let q = query.map { "?\($0)" } ?? ""
        let f = fault.map { " [\($0)]" } ?? ""
        return "\(method) \(path)\(q) -> \(status)\(f)"
    }
}
