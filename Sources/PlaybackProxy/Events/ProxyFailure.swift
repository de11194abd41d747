import Networking

/// A player request the proxy could not serve, for the status bar.
///
/// ```swift
/// failure.description   // "segment2.ts failed: HTTP 500 after 4 attempts"
/// ```
public struct ProxyFailure: Sendable, Equatable, CustomStringConvertible {
    /// What the request was for.
    public var kind: HTTPRequestKind
    /// `host[:port]/path` upstream (no query).
    public var target: String
    /// The upstream HTTP status, when the origin answered.
    public var status: Int?
    /// Attempts made.
    public var attempts: Int
    /// Why, in words (redacted): the pipeline's error.
    public var reason: String
    /// True when the origin broke off after part of the body had gone to the player.
    public var midBody: Bool
    /// Set when the proxy itself refused the request (nothing went upstream).
    public var refusal: ProxyRefusal?

    public init(kind: HTTPRequestKind, target: String, status: Int?, attempts: Int, reason: String, midBody: Bool = false,
                refusal: ProxyRefusal? = nil) {
        self.refusal = refusal
        self.kind = kind
        self.target = target
        self.status = status
        self.attempts = attempts
        self.reason = reason
        self.midBody = midBody
    }

    /// The last path component, e.g. `segment2.ts`.
    public var file: String {
        target.split(separator: "/").last.map(String.init) ?? target
    }

    public var description: String {
        let tries = attempts > 1 ? " after \(attempts) attempts" : ""
        if let refusal { return refusal.description }
        if midBody { return "\(file) broke off mid-download: \(reason)" }
        if let status { return "\(file) failed: HTTP \(status)\(tries)" }
        return "\(file) failed: \(reason)"
    }
}
