import Foundation

/// A server's base URL in one canonical form, so that `https://NVR:443/`, `https://nvr/` and
/// `https://nvr` are one server wherever sessions, pins, profiles and the config are looked up:
/// scheme and host lower-cased, the scheme's default port dropped (80 for http, 443 for https),
/// trailing slashes removed from the path; a path prefix is kept (Frigate behind
/// `https://host/frigate/` is `https://host/frigate`). Query and fragment are dropped: a base URL
/// has none.
///
/// ```swift
/// ServerURL.canonical(URL(string: "HTTPS://NVR.local:443/frigate/")!).absoluteString   // "https://nvr.local/frigate"
/// ```
public enum ServerURL {
    /// `url` in canonical form; a URL that is not http(s) with a host comes back unchanged.
    public static func canonical(_ url: URL) -> URL {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let scheme = parts.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = parts.host, !host.isEmpty else { return url }
        parts.scheme = scheme
        parts.host = host.lowercased()
        if parts.port == (scheme == "https" ? 443 : 80) { parts.port = nil }
        var path = parts.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        parts.percentEncodedPath = path
        parts.query = nil
        parts.fragment = nil
        return parts.url ?? url
    }

    /// True when `a` and `b` name the same server (their canonical forms are equal).
    public static func same(_ a: URL, _ b: URL) -> Bool {
        canonical(a).absoluteString == canonical(b).absoluteString
    }
}
