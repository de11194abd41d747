import AppCore
import Foundation

/// Who is signed in where, and the other servers the `N` picker offers: what every mode shows in
/// the header and the sign-in form names.
struct ServerSession: Sendable {
    var user: String
    /// The server's URL as given.
    var server: String
    var isDemo: Bool
    /// What the sign-in form calls the user (``EventsAPI/EventBackend/userPrompt``).
    var signInLabel: String
    /// What a probe found the server to be (``ServerIdentity/name``): a form shown again names it.
    var serverName: String?
    /// The servers the `N` picker offers (``KnownServer``).
    var servers: [KnownServer]
    /// The home directory, shown as `~` in paths on the status line ("" shows paths whole).
    var home: String

    /// host:port of the server.
    var serverText: String {
        guard let url = URL(string: server), let host = url.host else { return server }
        return url.port.map { "\(host):\($0)" } ?? host
    }

    /// `N`: the picker of the servers, when there is another to go to; else nil, and the message
    /// says how to add one.
    func picker(status: inout StatusLine, now: ContinuousClock.Instant) -> ServerPicker? {
        guard servers.contains(where: { !$0.isCurrent }) else {
            status.show("No other server: sign in to one (eventplayer login --server URL) or name it in config.toml's [profiles.NAME]", now: now)
            return nil
        }
        return ServerPicker(servers: servers)
    }
}
