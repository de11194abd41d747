import Foundation

/// The origins a proxy forwards to: the event's `videoUrl` origin and any configured extra one.
/// Anything else (another host or port, another scheme) is refused, so a crafted playlist cannot
/// turn the proxy into an open proxy or send the media token elsewhere.
///
/// ```swift
/// let policy = OriginPolicy(allowed: [URL(string: "http://127.0.0.1:8080/media/a.m3u8")!])
/// policy.allows(URL(string: "http://127.0.0.1:8080/media/seg0.ts")!)   // true
/// policy.allows(URL(string: "http://169.254.169.254/latest")!)         // false
/// ```
public struct OriginPolicy: Sendable, Equatable {
    /// `scheme://host:port`, lowercased, with the default port filled in.
    public let origins: Set<String>

    public init(allowed urls: [URL]) {
        origins = Set(urls.compactMap(Self.origin))
    }

    /// True when `url`'s origin is one of ``origins``.
    public func allows(_ url: URL) -> Bool {
        guard let origin = Self.origin(url) else { return false }
        return origins.contains(origin)
    }

    /// `scheme://host:port` of an http(s) URL without user info; nil for anything else.
    static func origin(_ url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host?.lowercased(), !host.isEmpty, url.user == nil, url.password == nil else { return nil }
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(host):\(port)"
    }
}
