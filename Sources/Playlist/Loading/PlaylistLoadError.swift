import Foundation
import Networking

/// Preparing a playback failed; says which step and why, in words a user can act on.
///
/// ```swift
/// do { _ = try await loader.prepare(source, tokens: provider) }
/// catch let error as PlaylistLoadError { status.show("Cannot play \(error.eventID): \(error)") }
/// // Cannot play evt-no-token: no media token for bucket "365-days" (tokens exist for: ...)
/// ```
public struct PlaylistLoadError: Error, Sendable, CustomStringConvertible {
    enum Step: String, Sendable {
        case tokens = "getting media tokens failed"
        case url = "the event's video URL is unusable"
        case fetch = "fetching the event's playlist failed"
        case fetchFile = "fetching the event's video failed"
        case fetchVariant = "fetching a variant playlist failed"
        case rewrite = "the event's playlist is invalid"
        case write = "writing the private playlist failed"
    }

    let step: Step
    /// What was being done, for the message: "play" or "export".
    var action = "play"
    /// The event.
    public let eventID: String
    /// The cause: ``MissingBucketTokenError``, `NetworkError`, ``M3U8Error``, ``PlaylistStoreError``,
    /// or whatever the token provider threw.
    public let underlying: any Error & Sendable

    init(_ step: Step, eventID: String, _ underlying: any Error & Sendable) {
        self.step = step
        self.eventID = eventID
        self.underlying = underlying
    }

    /// The bucket without a token, when that is the cause.
    public var missingBucket: String? { (underlying as? MissingBucketTokenError)?.bucket }
    /// The HTTP status, when a playlist request failed with one.
    public var status: Int? { (underlying as? NetworkError)?.status }
    /// True when the server refused the token (401/403) even after fresh tokens.
    public var isUnauthorized: Bool { status == 401 || status == 403 || underlying is MediaRefusedError }

    /// The step and its cause, without the event: the front end says which event it was playing
    /// ("Cannot play evt-1: …"), so the id is not said twice.
    public var description: String {
        if let missing = underlying as? MissingBucketTokenError { return missing.description }
        return "\(step.rawValue): \(underlying)"
    }
}
