import Foundation
import Logging
import Networking
import SystemSupport

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
        case repeatedCursor
        case cancelled
        /// The server no longer has the event (deleted there, or purged for space).
        case eventGone
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

    /// The server refused the email and password; what it said goes to the log, not the message
    /// (servers tend to say the same thing again).
    static let wrongCredentials = EventsAPIError(.wrongCredentials, "wrong email or password")

    /// No stored session. Front-end neutral: the CLI adds "run `eventplayer login`", the TUI shows its form.
    static let signInRequired = EventsAPIError(.signInRequired, "not signed in")

    /// The session could not be refreshed. Front-end neutral, like ``signInRequired``.
    static let sessionExpired = EventsAPIError(.sessionExpired, "the session has expired: sign in again")

    /// `cause` is a few words ("connection refused"); the full failure goes to the log.
    static func unreachable(_ server: URL, _ cause: String, attempts: Int) -> EventsAPIError {
        let tries = attempts > 1 ? " after \(attempts) attempts" : ""
        return .init(.serverUnreachable, "cannot reach the server at \(server.absoluteString) (\(cause)\(tries))")
    }

    static func serverError(_ status: Int, _ message: String?) -> EventsAPIError {
        .init(.serverError, "the server failed with HTTP \(status)" + (message.map { ": \($0)" } ?? ""))
    }

    /// A 404 most often means the URL is not the events API's.
    static func rejected(_ status: Int, _ message: String?, path: String) -> EventsAPIError {
        if status == 404 {
            return .init(.rejected, "the server has no \(path) (HTTP 404); is the server URL the events API's?")
        }
        return .init(.rejected, "the server refused the request with HTTP \(status)" + (message.map { ": \($0)" } ?? ""))
    }

    /// `what`: "session", "events page", "tokens"; `field`: the coding path at fault.
    static func notUnderstood(_ what: String, field: String?) -> EventsAPIError {
        let at = field.map { ", field `\($0)`" } ?? ""
        return .init(.notUnderstood, "the server's \(what) answer is not the events API's JSON\(at); is the server URL right?")
    }

    /// The server's `nextCursor` led back to a page already read: the listing stops there.
    /// `cursor` is the server's text, shown escaped and cut (it is not ours to print raw).
    public static func repeatedCursor(_ cursor: String, afterEvents count: Int) -> EventsAPIError {
        .init(.repeatedCursor, "the server repeated page cursor \(TerminalText.quoted(cursor, limit: 40)); stopped after \(count) event\(count == 1 ? "" : "s")")
    }

    /// The server says event `id` is gone; `detail` says how it said so ("ZoneMinder answers
    /// \"Invalid event\""). The same words for every backend and front end: the TUI drops the
    /// event from its list on this code.
    public static func eventGone(_ id: String, _ detail: String) -> EventsAPIError {
        .init(.eventGone, "event \(TerminalText.printable(String(id.prefix(40)))) is no longer on the server (\(detail)): it was deleted there, or purged for space")
    }

    /// True when the user has to sign in (again).
    public var needsSignIn: Bool { code == .signInRequired || code == .sessionExpired }
}

extension EventsAPIError {
    /// A pipeline failure as what the user should know: cancelled, the server unreachable (logged
    /// with the whole failure), or an HTTP status, which `refusal` words for its API.
    static func translating(_ error: any Error, server: URL, logger: Logger,
                            refusal: (NetworkError, Int) -> EventsAPIError) -> any Error {
        guard let network = error as? NetworkError else {
            return error is CancellationError ? EventsAPIError(.cancelled, "cancelled") : error
        }
        if network.isCancelled { return EventsAPIError(.cancelled, "cancelled") }
        if let status = network.status { return refusal(network, status) }
        logger.warning("server unreachable", metadata: ["error": "\(network)"])
        return EventsAPIError.unreachable(server, network.cause, attempts: network.attempts)
    }
}
