import EventsAPI
import Foundation
import SystemSupport

/// A server the TUI can switch to without quitting (its `N` picker): a profile of the config
/// file, a server with a stored session, or the embedded demo backend.
///
/// ```swift
/// let servers = services.knownServers()      // profiles, then the other signed-in servers, then the demo
/// options = options.switching(to: servers[1].target)
/// ```
public struct KnownServer: Sendable, Equatable {
    /// How the next start names it.
    public enum Target: Sendable, Equatable {
        /// A `[profiles.NAME]` of the config file (`--profile NAME`).
        case profile(String)
        /// A server with a stored session (`--server URL`).
        case server(URL)
        /// The embedded demo backend (`--demo`).
        case demo
    }

    public var target: Target
    /// What the picker shows: the profile's name, the server, the user and the API, escaped.
    public var title: String
    /// True for the server the TUI shows now.
    public var isCurrent: Bool

    public init(target: Target, title: String, isCurrent: Bool) {
        self.target = target
        self.title = title
        self.isCurrent = isCurrent
    }
}

extension AppServices {
    /// The servers to offer: the config file's profiles (in its order), then every other server
    /// with a stored session (the default first), then the embedded demo backend. The one shown
    /// now is marked.
    public func knownServers() -> [KnownServer] {
        let current = server.isDemo ? nil : ServerURL.canonical(server.url).absoluteString
        let sessions = self.sessions.all()
        func user(of url: URL) -> String {
            guard let session = sessions.first(where: { ServerURL.same($0.server, url) }), !session.isSignedOut else { return "" }
            let api = session.backend.map { " · \($0.displayName)" } ?? ""
            return " · \(TerminalText.printable(session.user.name))\(api)"
        }
        var known = config.profiles.map { profile in
            KnownServer(target: .profile(profile.name),
                        title: "\(TerminalText.printable(profile.name)): \(profile.server.absoluteString)\(user(of: profile.server))",
                        isCurrent: server.profile?.name == profile.name
                            || (server.profile == nil && ServerURL.canonical(profile.server).absoluteString == current))
        }
        let defaultServer = sessions.first.map { ServerURL.canonical($0.server).absoluteString }
        for session in sessions {
            let url = ServerURL.canonical(session.server)
            guard !config.profiles.contains(where: { ServerURL.same($0.server, url) }) else { continue }
            let mark = url.absoluteString == defaultServer ? " (default)" : ""
            known.append(KnownServer(target: .server(url), title: url.absoluteString + user(of: url) + mark,
                                     isCurrent: url.absoluteString == current))
        }
        known.append(KnownServer(target: .demo, title: "Embedded demo backend", isCurrent: server.isDemo))
        return known
    }
}

extension GlobalOptions {
    /// These options with the server `target` names in place of the one they named.
    public func switching(to target: KnownServer.Target) -> GlobalOptions {
        var options = self
        options.server = nil
        options.profile = nil
        options.backend = nil
        options.demo = nil
        switch target {
        case .profile(let name): options.profile = name
        case .server(let url): options.server = url.absoluteString
        case .demo: options.demo = demo ?? .events
        }
        return options
    }
}
