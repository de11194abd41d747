import Foundation

/// Why an events API call failed, phrased so a user knows what to do next.
///
/// ```swift
/// do { try await client.signIn(email: email, password: password) }
/// catch let error as EventsAPIError where error.code == .wrongCredentials { askAgain() }
/// ```
public struct EventsAPIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure, for callers that branch on it.
    public enum Code: String, Sendable {
        case wrongCredentials
        case signInRequired
        case sessionExpired
        case serverUnreachable
        case serverError
        case notUnderstood
        case rejected
        case cancelled
    }

    /// The kind of failure.
    public let code: Code
    /// One line for the user.
    public let message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    static func wrongCredentials(_ detail: String?) -> EventsAPIError {
        .init(.wrongCredentials, "wrong email or password" + (detail.map { " (\($0))" } ?? ""))
    }

    static let signInRequired = EventsAPIError(.signInRequired, "not signed in: run `eventplayer login`")

    static let sessionExpired = EventsAPIError(.sessionExpired, "session expired: sign in again (`eventplayer login`)")

    static func unreachable(_ server: URL, _ detail: String) -> EventsAPIError {
        .init(.serverUnreachable, "server unreachable at \(server.absoluteString): \(detail)")
    }

    static func serverError(_ status: Int, _ message: String?) -> EventsAPIError {
        .init(.serverError, "server error \(status)" + (message.map { ": \($0)" } ?? ""))
    }

    static func rejected(_ status: Int, _ message: String?) -> EventsAPIError {
        .init(.rejected, "request rejected with HTTP \(status)" + (message.map { ": \($0)" } ?? ""))
    }

    static func notUnderstood(_ what: String, field: String?) -> EventsAPIError {
        .init(.notUnderstood, "response from the server not understood: \(what)" + (field.map { " (field `\($0)`)" } ?? ""))
    }
}
