import AppCore
import EventsAPI
import Foundation

/// `eventplayer logout`: removes the stored session file. With a server (the `server` of the
/// file `--config` names), only a session for that server is removed; a session for another
/// server is kept and the line says so.
public enum LogoutFlow {
    /// Forgets the stored session (for `server` only, when given); returns a one-line result.
    ///
    /// ```swift
    /// print(try LogoutFlow.run(server: config.server))   // "signed out of https://ev.example (removed …)"
    /// ```
    /// - Throws: `SessionStoreError` when the file cannot be removed.
    public static func run(server: URL? = nil,
                           environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        let store = SessionStore(directory: XDGPaths(environment: environment).state)
        let existed = FileManager.default.fileExists(atPath: store.fileURL.path)
        if let server, let stored = store.load(), stored.server.absoluteString != server.absoluteString {
            return "not signed in at \(server.absoluteString); kept the session for \(stored.server.absoluteString) "
                + "(`eventplayer logout` without --config forgets it)"
        }
        try store.save(nil)
        guard existed else { return server.map { "not signed in at \($0.absoluteString)" } ?? "not signed in" }
        return "signed out\(server.map { " of \($0.absoluteString)" } ?? "") (removed \(store.fileURL.path))"
    }
}
