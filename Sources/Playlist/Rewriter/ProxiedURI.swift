import Foundation
import Networking

/// A URI pointing into a playback proxy, as ``M3U8Rewriter`` writes it in proxy mode:
/// `<proxyBase>[part/<n>/][plain/]<kind>/<scheme>/<authority><path>[?query]`. The proxy reads it back.
/// `plain/` marks a URI from a playlist reached through a redirect: fetched without the token;
/// `part/<n>/` a playlist's part `n` (from 0) after a discontinuity (see ``PlaylistParts``).
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
    /// False for a URI named by a playlist reached through a redirect: the proxy sends it upstream
    /// without the media token (the redirect target carries its own credential).
    public var carriesToken: Bool
    /// A playlist's part after a discontinuity (``PlaylistParts``), from 0; nil: the whole playlist.
    public var part: Int?

    public init(kind: HTTPRequestKind, upstream: URL, carriesToken: Bool = true, part: Int? = nil) {
        self.kind = kind
        self.upstream = upstream
        self.carriesToken = carriesToken
        self.part = part
    }

    /// `plain/`, the prefix of a URI fetched without the token.
    static let plainMarker: [UInt8] = Array("plain/".utf8)

    /// Reads `<kind>/<scheme>/<authority><path>[?query]` (what follows the proxy base, raw, not
    /// percent-decoded). Nil for an unknown kind, a scheme other than http(s), or no authority.
    public init?(path: some StringProtocol) {
        var path = Substring(path)
        if path.hasPrefix("part/") {
            let number = path.dropFirst(5).prefix { $0 != "/" }
            guard let part = Int(number), part >= 0, part < 100_000 else { return nil }
            self.part = part
            path = path.dropFirst(5 + number.count).dropFirst()
        }
        carriesToken = !path.hasPrefix("plain/")
        if !carriesToken { path = path.dropFirst(6) }
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
        let plain = (part.map { "part/\($0)/" } ?? "") + (carriesToken ? "" : "plain/")
        guard let range = text.range(of: "://") else { return "\(plain)\(kind.rawValue)/\(text)" }
        return "\(plain)\(kind.rawValue)/\(text[..<range.lowerBound])/\(text[range.upperBound...])"
    }
}
