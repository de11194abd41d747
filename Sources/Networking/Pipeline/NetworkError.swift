import Foundation
import SystemSupport

/// Why a request through the pipeline failed, in words a user can act on.
///
/// ```swift
/// do { _ = try await pipeline.send(request) }
/// catch let error as NetworkError where error.status == 503 { ... }
/// ```
/// `description` names the target (host and path, never the query), the status or cause, and how
/// many attempts were made: "127.0.0.1:8080/v1/events answered HTTP 503 after 4 attempts".
public struct NetworkError: Error, Sendable, CustomStringConvertible {
    enum Reason: Sendable {
        case status(Int, String?)
        case transport(String)
        case timedOut(seconds: Double)
        /// The body went past the cap of its kind (bytes).
        case tooLarge(cap: Int)
        case filter(String)
        case retryHandlerTimedOut(seconds: Double)
        case redirect(RedirectFailure)
        case cancelled
    }

    let reason: Reason
    /// The request that failed (its last form).
    public let request: HTTPRequest
    /// How many attempts were made.
    public let attempts: Int
    /// The last response, when the failure is an HTTP status.
    public let response: HTTPResponse?
    /// Why the last failure was not retried, when that is worth saying.
    let note: String?

    init(_ reason: Reason, request: HTTPRequest, attempts: Int = 1, response: HTTPResponse? = nil,
         note: String? = nil) {
        self.reason = reason
        self.request = request
        self.attempts = attempts
        self.response = response
        self.note = note
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

    /// True when the server did not answer within the request timeout.
    public var isTimeout: Bool {
        if case .timedOut = reason { return true }
        return false
    }

    /// True when the body was longer than the cap of its kind (``HTTPRequestKind/maxBodyBytes``).
    public var isTooLarge: Bool {
        if case .tooLarge = reason { return true }
        return false
    }

    /// True when the caller's task was cancelled.
    public var isCancelled: Bool {
        if case .cancelled = reason { return true }
        return false
    }

    /// True when a filter failed the request.
    public var isFilterFailure: Bool {
        if case .filter = reason { return true }
        return false
    }

    /// True when a custom retry handler answered neither retry nor abort in time.
    public var isRetryHandlerTimeout: Bool {
        if case .retryHandlerTimedOut = reason { return true }
        return false
    }

    /// Why a redirect was not followed (too many, or not to http/https), when that ended the request.
    public var redirectFailure: RedirectFailure? {
        if case .redirect(let failure) = reason { return failure }
        return nil
    }

    /// Host and path of the request, without query (which may carry secrets).
    public var target: String { request.loggableTarget }

    /// The cause in a few words, without the target or the attempts: "connection refused",
    /// "no answer within 30 s", "HTTP 503". For callers that name the server their own way.
    public var cause: String {
        switch reason {
        case .status(let code, _): return "HTTP \(code)"
        case .transport(let message): return Redactor.shared.redact(message)
        case .timedOut(let seconds): return "no answer within \(Self.seconds(seconds))"
        case .tooLarge(let cap): return "the \(request.kind.bodyNoun) is larger than \(byteSize(cap))"
        case .filter(let message): return Redactor.shared.redact(message)
        case .retryHandlerTimedOut(let seconds): return "the retry handler did not answer within \(Self.seconds(seconds))"
        case .redirect(let failure): return failure.description
        case .cancelled: return "cancelled"
        }
    }

    public var description: String {
        let tries = attempts > 1 ? " after \(attempts) attempts" : ""
        let why = note.map { " (\($0))" } ?? ""
        let text: String
        switch reason {
        case .status(let code, let message):
            let detail = message.map { ": \($0)" } ?? ""
            text = "\(target) answered HTTP \(code)\(detail)\(tries)"
        case .transport(let message):
            text = "cannot reach \(target) (\(message))\(tries)"
        case .timedOut(let seconds):
            text = "\(target) did not answer within \(Self.seconds(seconds))\(tries)"
        case .tooLarge(let cap):
            text = "\(target): the \(request.kind.bodyNoun) is larger than \(byteSize(cap)), the cap for it; not retried"
        case .filter(let message):
            text = "request to \(target) was stopped by a filter: \(message)\(tries)"
        case .retryHandlerTimedOut(let seconds):
            text = "the retry handler for \(target) answered neither retry nor abort within \(Self.seconds(seconds))"
        case .redirect(let failure):
            text = "\(target) answered HTTP \(response?.status ?? 0) and was not followed: \(failure)"
        case .cancelled:
            text = "request to \(target) was cancelled"
        }
        return Redactor.shared.redact(text + why)
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }
}
