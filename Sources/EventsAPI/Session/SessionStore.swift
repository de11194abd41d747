import Foundation
import Logging
#if canImport(Glibc)
import Glibc
#endif

/// Keeps the session in `session.json` in the given directory (the App passes
/// `$XDG_STATE_HOME/eventplayer`): directory 0700, file 0600, written atomically.
/// A corrupt or unreadable file counts as signed out, with a warning in the log; a file that
/// others can read is tightened to 0600 when it is loaded (and the log says so).
///
/// ```swift
/// let store = SessionStore(directory: stateDirectory)
/// try store.checkWritable()        // before asking for a password
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
        guard let mode = fileMode() else { return nil }
        guard mode & S_IFMT == S_IFREG else {
            logger.warning("session file is not a regular file; treating as signed out", metadata: ["path": "\(fileURL.path)"])
            return nil
        }
        if mode & 0o077 != 0 {
            if chmod(fileURL.path, 0o600) == 0 {
                logger.notice("session file was readable by others; tightened it to 0600",
                              metadata: ["path": "\(fileURL.path)", "was": "\(String(mode & 0o777, radix: 8))"])
            } else {
                logger.warning("session file is readable by others and cannot be tightened to 0600",
                               metadata: ["path": "\(fileURL.path)", "error": "\(String(cString: strerror(errno)))"])
            }
        }
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

    /// Throws ``SessionStoreError`` when a session could not be saved: something other than a
    /// file is in the way, or the directory cannot be created or written.
    public func checkWritable() throws(SessionStoreError) {
        if let mode = fileMode(), mode & S_IFMT != S_IFREG { throw SessionStoreError(.notAFile, path: fileURL.path) }
        let directory = fileURL.deletingLastPathComponent()
        do { try PrivateFile.makeDirectory(directory) } catch {
            throw SessionStoreError(.cannotWrite(Self.reason(error)), path: fileURL.path)
        }
        guard access(directory.path, W_OK) == 0 else {
            throw SessionStoreError(.cannotWrite(String(cString: strerror(errno))), path: fileURL.path)
        }
    }

    /// Writes `session` (0600, atomically), or removes the file when nil.
    /// - Throws: ``SessionStoreError``.
    public func save(_ session: Session?) throws {
        if let mode = fileMode(), mode & S_IFMT != S_IFREG { throw SessionStoreError(.notAFile, path: fileURL.path) }
        guard let session else {
            if unlink(fileURL.path) != 0 && errno != ENOENT {
                throw SessionStoreError(.cannotWrite(String(cString: strerror(errno))), path: fileURL.path)
            }
            return
        }
        let data = try APIDecoding.encoder().encode(session)
        do { try PrivateFile.write(data, to: fileURL) } catch {
            throw SessionStoreError(.cannotWrite(Self.reason(error)), path: fileURL.path)
        }
    }

    /// `st_mode` of the file (not following a symlink), nil when there is none.
    func fileMode() -> mode_t? {
        var info = stat()
        return lstat(fileURL.path, &info) == 0 ? info.st_mode : nil
    }

    static func reason(_ error: any Error) -> String {
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return (error as NSError).localizedDescription
    }
}
