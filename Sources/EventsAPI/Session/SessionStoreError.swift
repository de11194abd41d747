/// The session file cannot be written or removed.
///
/// ```swift
/// do { try store.save(session) }
/// catch let error as SessionStoreError { print(error) }
/// // cannot save the session: /home/me/.local/state/eventplayer/session.json is a directory; remove or rename it
/// ```
public struct SessionStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    enum Reason: Sendable, Equatable {
        case notAFile
        case cannotWrite(String)
    }

    /// The session file.
    public let path: String
    let reason: Reason

    init(_ reason: Reason, path: String) {
        self.reason = reason
        self.path = path
    }

    /// True when something other than a regular file is in the way.
    public var isNotAFile: Bool { reason == .notAFile }

    public var description: String {
        switch reason {
        case .notAFile: "cannot save the session: \(path) is a directory or other non-file; remove or rename it"
        case .cannotWrite(let why): "cannot save the session to \(path): \(why)"
        }
    }
}
