import Foundation
import Logging
#if canImport(Glibc)
import Glibc
#endif

/// Keeps one session per server in the given directory (the App passes
/// `$XDG_STATE_HOME/eventplayer`): `session.json` holds the **default** server's session, the
/// last one signed in to, which plain `eventplayer` opens; every other server's session is in
/// `sessions/<server>.json`. Directories 0700, files 0600, written atomically. Servers are
/// compared in their canonical form (``ServerURL``), so `https://nvr:443/` finds the session of
/// `https://nvr`. A corrupt or unreadable file counts as signed out, with a warning in the log;
/// a file that others can read is tightened to 0600 when it is loaded (and the log says so).
///
/// ```swift
/// let store = SessionStore(directory: stateDirectory)
/// try store.checkWritable()                 // before asking for a password
/// try store.saveAsDefault(session)          // a sign-in: this server becomes the default
/// store.load(for: server)                   // that server's session, wherever it is kept
/// store.load()                              // the default server's session
/// ```
public struct SessionStore: Sendable {
    /// The default server's session file (`session.json`).
    public let fileURL: URL
    /// Where the other servers' sessions are kept (`sessions/`).
    public let otherSessionsDirectory: URL
    let logger: Logger

    public init(directory: URL, logger: Logger = Logger(label: "eventplayer.session", factory: { _ in SwiftLogNoOpLogHandler() })) {
        self.fileURL = directory.appending(path: "session.json")
        self.otherSessionsDirectory = directory.appending(path: "sessions")
        self.logger = logger
    }

    /// The stored session of `server`, wherever it is kept; with nil, the default server's.
    public func load(for server: URL? = nil) -> Session? {
        let preferred = read(fileURL)
        guard let server else { return preferred }
        if let preferred, ServerURL.same(preferred.server, server) { return preferred }
        guard let other = read(otherFile(for: server)), ServerURL.same(other.server, server) else { return nil }
        return other
    }

    /// Every stored session, the default first, then the others by server.
    public func all() -> [Session] {
        let preferred = read(fileURL)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: otherSessionsDirectory.path)) ?? []
        let others = names.filter { $0.hasSuffix(".json") }.sorted()
            .compactMap { read(otherSessionsDirectory.appending(path: $0)) }
            .filter { other in preferred.map { !ServerURL.same($0.server, other.server) } ?? true }
        return (preferred.map { [$0] } ?? []) + others
    }

    /// Throws ``SessionStoreError`` when a session could not be saved: something other than a
    /// file is in the way, or the directory cannot be created or written.
    public func checkWritable() throws(SessionStoreError) {
        if let mode = fileMode(fileURL), mode & S_IFMT != S_IFREG { throw SessionStoreError(.notAFile, path: fileURL.path) }
        let directory = fileURL.deletingLastPathComponent()
        do { try PrivateFile.makeDirectory(directory) } catch {
            throw SessionStoreError(.cannotWrite(Self.reason(error)), path: fileURL.path)
        }
        guard access(directory.path, W_OK) == 0 else {
            throw SessionStoreError(.cannotWrite(String(cString: strerror(errno))), path: fileURL.path)
        }
    }

    /// Writes `session` where its server's session is kept (a renewed token): the default stays
    /// the default; a server with no session yet is kept beside the others, or becomes the
    /// default when there is none.
    /// - Throws: ``SessionStoreError``.
    public func save(_ session: Session) throws {
        let preferred = read(fileURL)
        if preferred == nil || ServerURL.same(preferred!.server, session.server) {
            try write(session, to: fileURL)
        } else {
            try write(session, to: otherFile(for: session.server))
        }
    }

    /// Writes `session` as the default server's (a sign-in): the previous default's session
    /// moves beside the others, so it is still there for `--server`.
    /// - Throws: ``SessionStoreError``.
    public func saveAsDefault(_ session: Session) throws {
        if let previous = read(fileURL), !ServerURL.same(previous.server, session.server) {
            try write(previous, to: otherFile(for: previous.server))
        }
        try write(session, to: fileURL)
        try removeFile(otherFile(for: session.server))
    }

    /// Keeps `server`'s session signed out (``Session/signedOut``: its tokens gone), where it is
    /// kept: the server the server refused stays the default when it was.
    /// - Throws: ``SessionStoreError``.
    public func expire(server: URL) throws {
        guard let session = load(for: server), !session.isSignedOut else { return }
        try save(session.signedOut)
    }

    /// Forgets `server`'s session; with nil, the default server's. Returns the file removed, nil
    /// when there was no session to forget.
    /// - Throws: ``SessionStoreError`` when the file cannot be removed.
    @discardableResult
    public func remove(server: URL? = nil) throws -> URL? {
        if let mode = fileMode(fileURL), mode & S_IFMT != S_IFREG { throw SessionStoreError(.notAFile, path: fileURL.path) }
        let preferred = read(fileURL)
        if server == nil || preferred.map({ ServerURL.same($0.server, server!) }) == true {
            // A corrupt default file is forgotten too: it was the default server's session.
            let existed = fileMode(fileURL) != nil
            try removeFile(fileURL)
            return existed ? fileURL : nil
        }
        let other = otherFile(for: server!)
        guard fileMode(other) != nil else { return nil }
        try removeFile(other)
        return other
    }

    /// Forgets every stored session; returns how many files were removed.
    /// - Throws: ``SessionStoreError`` when one cannot be removed.
    @discardableResult
    public func removeAll() throws -> Int {
        var removed = try remove() == nil ? 0 : 1
        let names = (try? FileManager.default.contentsOfDirectory(atPath: otherSessionsDirectory.path)) ?? []
        for name in names where name.hasSuffix(".json") {
            try removeFile(otherSessionsDirectory.appending(path: name))
            removed += 1
        }
        return removed
    }

    // MARK: - Files

    /// `sessions/<readable server>-<hash>.json`: readable for a person listing the folder, the
    /// hash of the canonical URL so two servers never share a file.
    func otherFile(for server: URL) -> URL {
        let canonical = ServerURL.canonical(server).absoluteString
        var readable = ""
        for character in canonical.replacingOccurrences(of: "://", with: "_").unicodeScalars.prefix(80) {
            readable.unicodeScalars.append(CharacterSet.alphanumerics.contains(character) && character.isASCII
                                           || character == "." || character == "-" ? character : "_")
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in canonical.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return otherSessionsDirectory.appending(path: "\(readable)-\(String(hash, radix: 16)).json")
    }

    func read(_ url: URL) -> Session? {
        guard let mode = fileMode(url) else { return nil }
        guard mode & S_IFMT == S_IFREG else {
            logger.warning("session file is not a regular file; treating as signed out", metadata: ["path": "\(url.path)"])
            return nil
        }
        if mode & 0o077 != 0 {
            if chmod(url.path, 0o600) == 0 {
                logger.notice("session file was readable by others; tightened it to 0600",
                              metadata: ["path": "\(url.path)", "was": "\(String(mode & 0o777, radix: 8))"])
            } else {
                logger.warning("session file is readable by others and cannot be tightened to 0600",
                               metadata: ["path": "\(url.path)", "error": "\(String(cString: strerror(errno)))"])
            }
        }
        guard let data = try? Data(contentsOf: url) else { return nil }
        do {
            return try APIDecoding.decoder().decode(Session.self, from: data)
        } catch {
            logger.warning("session file is corrupt; treating as signed out", metadata: ["path": "\(url.path)"])
            return nil
        }
    }

    func write(_ session: Session, to url: URL) throws {
        if let mode = fileMode(url), mode & S_IFMT != S_IFREG { throw SessionStoreError(.notAFile, path: url.path) }
        let data = try APIDecoding.encoder().encode(session)
        do { try PrivateFile.write(data, to: url) } catch {
            throw SessionStoreError(.cannotWrite(Self.reason(error)), path: url.path)
        }
    }

    func removeFile(_ url: URL) throws(SessionStoreError) {
        if unlink(url.path) != 0 && errno != ENOENT {
            throw SessionStoreError(.cannotWrite(String(cString: strerror(errno))), path: url.path)
        }
    }

    /// `st_mode` of the file (not following a symlink), nil when there is none.
    func fileMode(_ url: URL) -> mode_t? {
        var info = stat()
        return lstat(url.path, &info) == 0 ? info.st_mode : nil
    }

    static func reason(_ error: any Error) -> String {
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return (error as NSError).localizedDescription
    }
}
