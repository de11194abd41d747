import Foundation
import Networking

/// `--network direct` refused for a server whose certificate is pinned (trusted on first use,
/// docs/network.md): mpv fetches the media itself in that mode and can check a certificate only
/// against the system's or a CA file's authorities, never against a pin, so it would either refuse
/// the certificate or, unchecked, accept any. The proxy (the default) checks the pin.
public struct DirectModeTrustError: Error, Equatable, CustomStringConvertible {
    /// The server whose certificate is pinned.
    public let address: ServerAddress

    public var description: String {
        "--network direct cannot play from \(address): its certificate is pinned (trusted on first use), and mpv, "
            + "which fetches the media itself in direct mode, cannot check a pin; play through the proxy "
            + "(--network proxy, the default), or give the server a certificate from a CA and pass that CA with --ca-file"
    }

    /// Throws for the first of `urls` that is https to a server `trust` has a pin for.
    static func check(_ urls: [URL], trust: CertificateTrust) throws {
        for url in urls where url.scheme?.lowercased() == "https" {
            if let address = ServerAddress(url: url), trust.pinned(for: address) != nil {
                throw DirectModeTrustError(address: address)
            }
        }
    }
}
