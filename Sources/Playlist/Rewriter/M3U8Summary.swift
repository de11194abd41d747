/// What the rewriter saw in a playlist.
///
/// ```swift
/// let (output, summary) = try rewriter.rewrite(data)
/// if summary.kind == .master { for uri in summary.variantURIs { ... } }
/// print(summary.segmentCount, summary.totalDuration, summary.hasEndList)
/// ```
public struct M3U8Summary: Sendable, Equatable {
    /// Master (variants) or media (segments) playlist.
    public enum Kind: String, Sendable, Equatable {
        case master, media
    }

    /// A playlist is a master when it has `#EXT-X-STREAM-INF`, `#EXT-X-I-FRAME-STREAM-INF`,
    /// `#EXT-X-MEDIA` or `#EXT-X-SESSION-*` tags; otherwise media.
    public var kind: Kind = .media
    /// Media segments (URI lines of a media playlist).
    public var segmentCount = 0
    /// Sum of the `#EXTINF` durations, in seconds.
    public var totalDuration: Double = 0
    /// The input had `#EXT-X-ENDLIST`.
    public var hasEndList = false
    /// The rewriter appended `#EXT-X-ENDLIST`.
    public var appendedEndList = false
    /// The media playlists a master refers to (`#EXT-X-STREAM-INF` URI lines, then `#EXT-X-MEDIA`
    /// `URI`s, in order of appearance), as written to the output: absolute and authorised.
    public var variantURIs: [String] = []
    /// URIs resolved and given the token.
    public var rewrittenURICount = 0
    /// URIs left as they were (`data:`, `skd:`, other schemes, `{$var}`).
    public var untouchedURICount = 0
    /// Lines read.
    public var lineCount = 0
    /// Proxy mode only: `scheme://authority` of every URI written to be fetched with the token
    /// (the playlist is the service's own: the origins it names may get the token).
    public var tokenOrigins: Set<String> = []
    /// Proxy mode only: `scheme://authority` of every URI written to be fetched without the token
    /// (the playlist was reached through a redirect, see ``M3U8Rewriter/addsToken``).
    public var plainOrigins: Set<String> = []

    public init() {}
}
