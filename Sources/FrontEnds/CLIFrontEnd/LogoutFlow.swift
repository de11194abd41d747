import AppCore
import EventsAPI
import Foundation

/// `eventplayer logout`: forgets stored sessions. Without a server, the default's (the last
/// server signed in to, which plain `eventplayer` opens); with one (`--server`, `--profile`, or
/// the `server` of the file `--config` names), that server's; with `--all`, every one. The
/// others are kept, and the line names them.
public enum LogoutFlow {
    /// Whose session to forget.
    public enum Target: Sendable, Equatable {
        /// The default server's (`session.json`).
        case defaultServer
        /// One server's (compared in canonical form).
        case server(URL)
        /// Every stored session.
        case all
    }

    /// Forgets the stored session(s) of `target`; returns a one-line result.
    ///
    /// ```swift
    /// print(try LogoutFlow.run(.server(url)))   // "signed out of https://nvr:8971 (removed …)"
    /// ```
    /// - Throws: `SessionStoreError` when a file cannot be removed.
    public static func run(_ target: Target = .defaultServer,
                           environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        let store = SessionStore(directory: XDGPaths(environment: environment).state)
        switch target {
        case .all:
            let servers = store.all().map { ServerURL.canonical($0.server).absoluteString }
            let removed = try store.removeAll()
            guard removed > 0 else { return "not signed in" }
            return servers.isEmpty ? "signed out (removed \(removed) session files)"
                : "signed out of \(servers.joined(separator: ", "))"
        case .defaultServer, .server:
            let server: URL? = if case .server(let url) = target { url } else { nil }
            let name = server.map { ServerURL.canonical($0).absoluteString }
            let forgotten = store.load(for: server)
            let removed = try store.remove(server: server)
            let others = store.all().map { ServerURL.canonical($0.server).absoluteString }
            let kept = others.isEmpty ? "" : "; kept the session\(others.count == 1 ? "" : "s") for \(others.joined(separator: ", "))"
                + " (`eventplayer logout --all` forgets every one)"
            guard let removed else { return (name.map { "not signed in at \($0)" } ?? "not signed in") + kept }
            let whose = name ?? forgotten.map { ServerURL.canonical($0.server).absoluteString }
            return "signed out\(whose.map { " of \($0)" } ?? "") (removed \(removed.path))" + kept
        }
    }
}
