import Foundation

/// A server as certificates are pinned to it: host and port (`nvr.local:8971`, `[fd00::1]:443`).
/// The host is lower-cased; a URL without a port has its scheme's (443 for https).
///
/// ```swift
/// ServerAddress(url: URL(string: "https://NVR.local:8971/api")!)?.description   // "nvr.local:8971"
/// ```
public struct ServerAddress: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Without brackets for an IPv6 address.
    public let host: String
    public let port: Int

    public init(host: String, port: Int) {
        var host = host.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        self.host = host
        self.port = port
    }

    /// The address an http(s) URL connects to; nil for another scheme or a URL without a host.
    public init?(url: URL) {
        guard let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
              let host = url.host(percentEncoded: false), !host.isEmpty else { return nil }
        self.init(host: host, port: url.port ?? (scheme == "https" ? 443 : 80))
    }

    /// Reads `host:port` or `[v6]:port` (the form of ``description``).
    public init?(parsing text: String) {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
              (1...65535).contains(port) else { return nil }
        let host = String(text[..<colon])
        guard !host.isEmpty, !host.contains(":") || (host.hasPrefix("[") && host.hasSuffix("]")) else { return nil }
        self.init(host: host, port: port)
    }

    /// True when the host is an IP address literal (no SNI is sent for one).
    var isIPAddress: Bool {
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    public static func < (lhs: ServerAddress, rhs: ServerAddress) -> Bool {
        (lhs.host, lhs.port) < (rhs.host, rhs.port)
    }
}
