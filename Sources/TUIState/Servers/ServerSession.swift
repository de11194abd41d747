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
}
