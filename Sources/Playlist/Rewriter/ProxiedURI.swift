import Foundation
import Networking

/// A URI pointing into a playback proxy, as ``M3U8Rewriter`` writes it in proxy mode:
/// `<proxyBase><kind>/<scheme>/<authority><path>[?query]`. The proxy reads it back.
///
/// ```swift
/// let uri = ProxiedURI(kind: .mediaSegment, upstream: URL(string: "https://cdn.example/v/seg0.ts?v=1")!)
/// uri.path                                  // "mediaSegment/https/cdn.example/v/seg0.ts?v=1"
/// ProxiedURI(path: uri.path)?.upstream      // https://cdn.example/v/seg0.ts?v=1
/// ```
public struct ProxiedURI: Sendable, Equatable {
    /// What the upstream request is for.
    public var kind: HTTPRequestKind
    /// The origin's URL (http or https).
    public var upstream: URL

    public init(kind: HTTPRequestKind, upstream: URL) {
        self.kind = kind
        self.upstream = upstream
    }

    /// Reads `<kind>/<scheme>/<authority><path>[?query]` (what follows the proxy base, raw, not
    /// percent-decoded). Nil for an unknown kind, a scheme other than http(s), or no authority.
    public init?(path: some StringProtocol) {
        let parts = path.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let kind = HTTPRequestKind(rawValue: String(parts[0])),
              parts[1] == "http" || parts[1] == "https", !parts[2].isEmpty,
              !parts[2].hasPrefix("/"), !parts[2].hasPrefix("?"),
              let url = URL(string: "\(parts[1])://\(parts[2])"), url.host?.isEmpty == false
        else { return nil }
        self.kind = kind
        self.upstream = url
    }

    /// The part after the proxy base.
    public var path: String {
        let text = upstream.absoluteString
        guard let range = text.range(of: "://") else { return "\(kind.rawValue)/\(text)" }
        return "\(kind.rawValue)/\(text[..<range.lowerBound])/\(text[range.upperBound...])"
    }
}
