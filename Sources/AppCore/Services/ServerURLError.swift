import EventsAPI
import Foundation

/// A server URL that cannot be used, from `--server`, `EVENTPLAYER_SERVER` or `server` in the
/// config file: each is checked by ``ServerURLError/check(_:origin:)`` (http or https, a host, a
/// port from 1 to 65535). The command line treats it as a usage error (exit status 2).
///
/// ```swift
/// do { _ = try ServerURLError.check("http://127.0.0.1:99999", origin: "--server") }
/// catch { print(error) }   // --server "http://127.0.0.1:99999": the port must be from 1 to 65535
/// ```
public struct ServerURLError: Error, Sendable, Equatable, CustomStringConvertible {
    enum Reason: Sendable, Equatable {
        case empty, notURL, scheme(String), noHost, port(Int)
    }

    /// Where the text came from: `--server`, `EVENTPLAYER_SERVER`, `server`.
    public let origin: String
    /// What the user gave.
    public let text: String
    let reason: Reason

    /// The URL `text` names, when it is a usable events server base URL, in its canonical form
    /// (``ServerURL``: `HTTPS://NVR:443/` is `https://nvr`).
    public static func check(_ text: String, origin: String) throws(ServerURLError) -> URL {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        func fail(_ reason: Reason) -> ServerURLError { ServerURLError(origin: origin, text: text, reason: reason) }
        guard !trimmed.isEmpty else { throw fail(.empty) }
        guard trimmed.contains("://"), let url = URL(string: trimmed), let scheme = url.scheme?.lowercased() else { throw fail(.notURL) }
        guard scheme == "http" || scheme == "https" else { throw fail(.scheme(scheme)) }
        guard let host = url.host(percentEncoded: false), !host.isEmpty else { throw fail(.noHost) }
        if let port = url.port, !(1...65535).contains(port) { throw fail(.port(port)) }
        return ServerURL.canonical(url)
    }

    public var description: String {
        let what = "\(origin) \"\(text)\""
        switch reason {
        case .empty: return "\(origin) is empty; give the server's URL, e.g. http://127.0.0.1:8080"
        case .notURL: return "\(what) is not a URL; give the server's URL, e.g. http://127.0.0.1:8080"
        case .scheme(let scheme): return "\(what): the scheme must be http or https, not \(scheme)"
        case .noHost: return "\(what) names no host; e.g. http://127.0.0.1:8080"
        case .port(let port): return "\(what): the port must be from 1 to 65535, not \(port)"
        }
    }
}
