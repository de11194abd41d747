import Foundation
import Logging

/// Keeps the session in `session.json` in the given directory (the App passes
/// `$XDG_STATE_HOME/eventplayer`): directory 0700, file 0600, written atomically.
/// A corrupt or unreadable file counts as signed out, with a warning in the log.
///
/// ```swift
/// let store = SessionStore(directory: stateDirectory)
/// if let session = store.load(for: server) { ... }
/// ```
public struct SessionStore: Sendable {
    /// The session file.
    public let fileURL: URL
    let logger: Logger

    public init(directory: URL, logger: Logger = Logger(label: "eventplayer.session", factory: { _ in SwiftLogNoOpLogHandler() })) {
        self.fileURL = directory.appending(path: "session.json")
        self.logger = logger
    }

    /// The stored session, if there is one for `server` (any server when nil).
    public func load(for server: URL? = nil) -> Session? {
        guard let data = try? Data(contentsOf: fileURL) else { return nil }
        do {
            let session = try APIDecoding.decoder().decode(Session.self, from: data)
            if let server, session.server.absoluteString != server.absoluteString { return nil }
            return session
        } catch {
            logger.warning("session file is corrupt; treating as signed out", metadata: ["path": "\(fileURL.path)"])
            return nil
        }
    }

    /// Writes `session` (0600, atomically), or removes the file when nil.
    public func save(_ session: Session?) throws {
        guard let session else {
            try? FileManager.default.removeItem(at: fileURL)
            return
        }
        let data = try APIDecoding.encoder().encode(session)
        try PrivateFile.write(data, to: fileURL)
    }
}
