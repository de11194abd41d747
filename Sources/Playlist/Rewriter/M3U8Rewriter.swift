import Foundation

/// Rewrites an HLS playlist so that the player can fetch everything it names: every URI line and
/// every `URI="…"` attribute is resolved against the playlist's own URL (RFC 3986) and carries
/// exactly one `Authorization=<token>` query item (docs/playback.md).
///
/// Other query items and fragments are kept; `data:`/`skd:` (any non-http scheme) and `{$var}`
/// references are left alone; every other line is copied byte for byte. CRLF, bare CR and a UTF-8
/// BOM are accepted; the output uses `\n`. One pass over the bytes, no `String` per line.
///
/// ```swift
/// let rewriter = M3U8Rewriter(playlistURL: URL(string: "https://cdn.example/v/1/index.m3u8")!,
///                             token: "tok", appendsEndList: true)
/// let (output, summary) = try rewriter.rewrite(Data("#EXTM3U\n#EXTINF:2,\nseg0.ts\n".utf8))
/// // "#EXTM3U\n#EXTINF:2,\nhttps://cdn.example/v/1/seg0.ts?Authorization=tok\n#EXT-X-ENDLIST\n"
/// ```
public struct M3U8Rewriter: Sendable {
    /// Caps that turn hostile or broken input into an ``M3U8Error`` instead of a long stall.
    public struct Limits: Sendable, Equatable {
        /// Largest playlist accepted, in bytes (64 MiB).
        public var maxBytes: Int
        /// Longest line accepted, in bytes (1 MiB).
        public var maxLineBytes: Int

        public init(maxBytes: Int = 64 << 20, maxLineBytes: Int = 1 << 20) {
            self.maxBytes = maxBytes
            self.maxLineBytes = maxLineBytes
        }
    }

    /// The URL the playlist was fetched from: the base of relative URIs.
    public var playlistURL: URL
    /// The media token added to every URI.
    public var token: String
    /// Append `#EXT-X-ENDLIST` to a media playlist that lacks it (a complete event, ``EndListPolicy``).
    public var appendsEndList: Bool
    public var limits: Limits
    /// Variant URIs of a master (as they would be written, see ``M3U8Summary/variantURIs``) mapped
    /// to what to write instead, e.g. the path of a stored, rewritten variant playlist.
    public var replacements: [String: String]
    /// Proxy mode: when set, no token is added; every http(s) URI is resolved and written as
    /// `<proxyBase><kind>/<scheme>/<authority><path>[?query]`, `kind` being the
    /// `HTTPRequestKind` it is fetched as (see `M3U8Rewriter+Proxy.swift`).
    public var proxyBase: String?
    /// False for a playlist that is not the service's own: one reached through a redirect (its
    /// URL carries its own credential). Its URIs then get no token: no `Authorization` item, and
    /// in proxy mode they are written as ``ProxiedURI/carriesToken`` false, so the proxy sends
    /// them upstream without the token.
    public var addsToken = true

    public init(playlistURL: URL, token: String, appendsEndList: Bool = false, limits: Limits = .init(),
                replacements: [String: String] = [:], proxyBase: String? = nil) {
        self.playlistURL = playlistURL
        self.token = token
        self.appendsEndList = appendsEndList
        self.limits = limits
        self.replacements = replacements
        self.proxyBase = proxyBase
    }

    /// Rewrites `input` in memory.
    /// - Throws: ``M3U8Error`` (with the line number) for input that is not a playlist.
    public func rewrite(_ input: some ContiguousBytes) throws(M3U8Error) -> (output: Data, summary: M3U8Summary) {
        var result: Result<(Data, M3U8Summary), M3U8Error> = .failure(M3U8Error(.empty, line: 0))
        input.withUnsafeBytes { raw in
            result = Result { () throws(M3U8Error) in
                try run(raw, authorization: authorizationItem, flush: nil) { buffer, _ in buffer.takeData() }
            }
        }
        return try result.get()
    }

    /// Rewrites `input`, handing the output to `write` in chunks (about 256 KiB) as it goes, so a
    /// big playlist never sits in memory twice.
    public func rewrite(
        _ input: some ContiguousBytes, to write: (UnsafeRawBufferPointer) throws -> Void
    ) throws(M3U8Error) -> M3U8Summary {
        var result: Result<M3U8Summary, M3U8Error> = .failure(M3U8Error(.empty, line: 0))
        withoutActuallyEscaping(write) { write in
            input.withUnsafeBytes { raw in
                result = Result { () throws(M3U8Error) in
                    try run(raw, authorization: authorizationItem, flush: write) { _, _ in }.1
                }
            }
        }
        return try result.get()
    }
}
