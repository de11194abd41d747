import Networking

extension M3U8Rewriter {
    /// The `Authorization=<token>` item to add, or nil in proxy mode (the proxy adds the token).
    var authorizationItem: [UInt8]? {
        proxyBase == nil && addsToken ? URIBytes.authorizationItem(token: token) : nil
    }
}

extension RewriteEngine {
    /// Rewrites the absolute URI just written at `out[mark...]` into the proxy:
    /// `scheme://rest` becomes `<proxyBase><kind>/<scheme>/rest` (``ProxiedURI``).
    mutating func proxify(from mark: Int) {
        guard let proxyBase else { return }
        let written = Array(UnsafeRawBufferPointer(start: out.base + mark, count: out.count - mark))
        guard let colon = written.firstIndex(of: URIBytes.colon), colon + 2 < written.count,
              written[colon + 1] == URIBytes.slash, written[colon + 2] == URIBytes.slash else { return }
        out.truncate(to: mark)
        out.append(proxyBase)
        if !proxyAddsToken { out.append(ProxiedURI.plainMarker) }
        out.append(Array(uriKind.rawValue.utf8))
        out.append(URIBytes.slash)
        out.append(Array(written[..<colon]))
        out.append(URIBytes.slash)
        let rest = written[(colon + 3)...]
        out.append(Array(rest))
        let authorityEnd = rest.firstIndex { $0 == URIBytes.slash || $0 == URIBytes.question || $0 == URIBytes.hash } ?? rest.endIndex
        let origin = String(decoding: written[..<colon], as: UTF8.self) + "://" + String(decoding: rest[..<authorityEnd], as: UTF8.self)
        if proxyAddsToken { summary.tokenOrigins.insert(origin) } else { summary.plainOrigins.insert(origin) }
    }

    /// The request kind of a URI in a tag's `URI="…"` attribute.
    static func kind(of tag: Tag) -> HTTPRequestKind {
        switch tag {
        case .map: .mediaInit
        case .key, .sessionKey: .keyHlsAes
        case .media, .iFrameStreamInf, .streamInf, .renditionReport: .manifestHlsVariant
        case .sessionData: .subtitles
        default: .mediaSegment
        }
    }
}
