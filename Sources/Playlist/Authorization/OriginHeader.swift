import Foundation

/// An `Authorization` header for the requests to one origin only (scheme, host and port): a bearer
/// credential that no URI carries, for the media of the event's own server and nowhere else.
///
/// ```swift
/// let header = OriginHeader(value: "Bearer eyJ…", origin: URL(string: "https://nvr:8971/vod/a/index.m3u8")!)
/// header.applies(to: URL(string: "https://nvr:8971/vod/a/seg-1-v1-a1.m4s")!)   // true
/// header.applies(to: URL(string: "https://cdn.example/seg.ts")!)               // false
/// ```
public struct OriginHeader: Sendable, Equatable {
    /// The header's value.
    public var value: String
    /// Any URL of the origin.
    public var origin: URL

    public init(value: String, origin: URL) {
        self.value = value
        self.origin = origin
    }

    /// True when `url` has the origin's scheme, host and port (default ports filled in).
    public func applies(to url: URL) -> Bool {
        Self.key(url) != nil && Self.key(url) == Self.key(origin)
    }

    private static func key(_ url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        return "\(scheme)://\(host):\(url.port ?? (scheme == "https" ? 443 : 80))"
    }
}
