import Foundation

/// The origins a proxy forwards to, and which of them may get the media token.
///
/// - With the token: the event's `videoUrl` origin, any configured extra one, and every origin
///   that the service's own playlists name (added by ``admit(token:plain:)`` as the proxy
///   rewrites them, e.g. a CDN serving the segments).
/// - Without the token: origins named only by a playlist reached through a redirect (its URIs are
///   ``Playlist/ProxiedURI/carriesToken`` false; the redirect target carries its own credential).
///
/// Anything else (another host or port, another scheme) is refused, so a crafted request cannot
/// turn the proxy into an open proxy or send the media token elsewhere.
///
/// ```swift
/// var policy = OriginPolicy(allowed: [URL(string: "http://127.0.0.1:8080/media/a.m3u8")!])
/// policy.allows(URL(string: "http://127.0.0.1:8080/media/seg0.ts")!)   // true
/// policy.allows(URL(string: "http://169.254.169.254/latest")!)         // false
/// policy.admit(token: ["http://cdn.example"], plain: [])
/// policy.allows(URL(string: "http://cdn.example/seg0.ts")!)            // true
/// ```
public struct OriginPolicy: Sendable, Equatable {
    /// `scheme://host:port`, lowercased, with the default port filled in: may get the token.
    public private(set) var origins: Set<String>
    /// Origins served without the token only.
    public private(set) var plainOrigins: Set<String> = []

    public init(allowed urls: [URL]) {
        origins = Set(urls.compactMap(Self.origin))
    }

    /// True when `url`'s origin may be asked with the token (`carriesToken`), or at all (false).
    public func allows(_ url: URL, carriesToken: Bool = true) -> Bool {
        guard let origin = Self.origin(url) else { return false }
        return origins.contains(origin) || (!carriesToken && plainOrigins.contains(origin))
    }

    /// Adds the origins a rewritten playlist names (`scheme://authority` strings, see
    /// ``Playlist/M3U8Summary/tokenOrigins``): `token` ones may get the token, `plain` ones not.
    public mutating func admit(token: Set<String>, plain: Set<String>) {
        for text in token { if let url = URL(string: text), let origin = Self.origin(url) { origins.insert(origin) } }
        for text in plain { if let url = URL(string: text), let origin = Self.origin(url) { plainOrigins.insert(origin) } }
    }

    /// `scheme://host:port` of an http(s) URL without user info; nil for anything else.
    static func origin(_ url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host?.lowercased(), !host.isEmpty, url.user == nil, url.password == nil else { return nil }
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(host):\(port)"
    }
}
