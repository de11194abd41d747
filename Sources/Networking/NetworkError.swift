import Foundation

/// Why a request through the pipeline failed, in words a user can act on.
///
/// ```swift
/// do { _ = try await pipeline.send(request) }
/// catch let error as NetworkError where error.status == 503 { ... }
/// ```
public struct NetworkError: Error, Sendable, CustomStringConvertible {
    enum Reason: Sendable {
        case status(Int, String?)
        case transport(String)
        case timedOut(seconds: Double)
        case filter(String)
        case retryHandlerTimedOut(seconds: Double)
        case aborted
        case cancelled
    }

    let reason: Reason
    /// The request that failed (its last form).
    public let request: HTTPRequest
    /// How many attempts were made.
    public let attempts: Int
    /// The last response, when the failure is an HTTP status.
    public let response: HTTPResponse?

    init(_ reason: Reason, request: HTTPRequest, attempts: Int = 1, response: HTTPResponse? = nil) {
        self.reason = reason
        self.request = request
        self.attempts = attempts
        self.response = response
    }

    /// Constructors for callers outside the module (filters, tests).
    public static func filterFailed(_ message: String, request: HTTPRequest) -> NetworkError {
        NetworkError(.filter(message), request: request)
    }

    /// The HTTP status when the server answered with one that failed the request.
    public var status: Int? {
        if case .status(let code, _) = reason { return code }
        return nil
    }

    /// True when the server could not be reached or the connection broke.
    public var isTransport: Bool {
        switch reason {
        case .transport, .timedOut: return true
        default: return false
        }
    }

    /// True when the caller's task was cancelled.
    public var isCancelled: Bool {
        if case .cancelled = reason { return true }
        return false
    }

    /// Host and path of the request, without query (which may carry secrets).
    public var target: String {
        var c = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        c?.query = nil
        c?.fragment = nil
        return c?.string ?? request.url.host ?? "?"
    }

    public var description: String {
        let tries = attempts > 1 ? " after \(attempts) attempts" : ""
        switch reason {
        case .status(let code, let message):
            let text = message.map { ": \($0)" } ?? ""
            return "\(target) answered HTTP \(code)\(text)\(tries)"
        case .transport(let message):
            return "cannot reach \(target) (\(message))\(tries)"
        case .timedOut(let seconds):
            return "\(target) did not answer within \(Int(seconds)) s\(tries)"
        case .filter(let message):
            return "request to \(target) was stopped by a filter: \(message)"
        case .retryHandlerTimedOut(let seconds):
            return "the retry handler for \(target) answered neither retry nor abort within \(Int(seconds)) s"
        case .aborted:
            return "request to \(target) failed and the retry handler aborted it\(tries)"
        case .cancelled:
            return "request to \(target) was cancelled"
        }
    }
}
