import Foundation

/// One failed attempt, as the retry policy sees it.
///
/// ```swift
/// if case .status(503) = failure.cause, let wait = failure.retryAfter { ... }
/// ```
public struct AttemptFailure: Sendable {
    /// Why the attempt failed.
    public enum Cause: Sendable {
        /// The server answered outside 200–299.
        case status(Int)
        /// No (complete) HTTP response.
        case transport(TransportError)
        /// A request or response filter failed.
        case filter(FilterError)
    }

    public var cause: Cause
    /// The request as it was sent (after filters), or as far as the filters got.
    public var request: HTTPRequest
    /// The response, when the server answered.
    public var response: HTTPResponse?

    public init(cause: Cause, request: HTTPRequest, response: HTTPResponse? = nil) {
        self.cause = cause
        self.request = request
        self.response = response
    }

    /// The `Retry-After` header in seconds (delta-seconds or an HTTP date), when present.
    public var retryAfter: Double? {
        guard let value = response?.headers["Retry-After"]?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let seconds = Double(value) { return max(0, seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return max(0, date.timeIntervalSinceNow)
    }

    /// What went wrong, for a retry handler's stand-in response and for the log.
    public var summary: String {
        switch cause {
        case .status(let code): return "HTTP \(code)"
        case .transport(let error): return error.message
        case .filter(let error): return error.message
        }
    }
}
