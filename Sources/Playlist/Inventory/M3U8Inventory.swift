/// What a playlist names, URI by URI, as the rewriter wrote it (absolute and authorised): a
/// media playlist's segments and init segment, a master's variants with their bandwidth. For
/// callers that fetch the media themselves (export); playback never needs it.
///
/// ```swift
/// let rewriter = M3U8Rewriter(playlistURL: url, token: token)
/// let inventory = try rewriter.inventory(body)
/// if let best = inventory.bestVariant { /* fetch best.uri and take its inventory */ }
/// for segment in inventory.segments { print(segment.uri, segment.duration) }
/// ```
public struct M3U8Inventory: Sendable, Equatable {
    /// One media segment.
    public struct Segment: Sendable, Equatable {
        /// Absolute, authorised URI.
        public var uri: String
        /// Its `#EXTINF` duration in seconds (0 when the tag is missing).
        public var duration: Double

        public init(uri: String, duration: Double) {
            self.uri = uri
            self.duration = duration
        }
    }

    /// One `#EXT-X-STREAM-INF` variant of a master.
    public struct Variant: Sendable, Equatable {
        /// Absolute, authorised URI of its media playlist.
        public var uri: String
        /// Its `BANDWIDTH` attribute in bits per second, nil when missing or unreadable.
        public var bandwidth: Int?

        public init(uri: String, bandwidth: Int?) {
            self.uri = uri
            self.bandwidth = bandwidth
        }
    }

    /// What the rewriter saw (kind, duration, end list).
    public var summary = M3U8Summary()
    /// Media segments in playlist order (empty for a master).
    public var segments: [Segment] = []
    /// The first `#EXT-X-MAP` URI (fMP4 init segment), absolute and authorised.
    public var initSegmentURI: String?
    /// `#EXT-X-STREAM-INF` variants in playlist order (empty for a media playlist).
    public var variants: [Variant] = []
    /// An `#EXT-X-KEY` with a method other than `NONE`: the segments are encrypted.
    public var isEncrypted = false
    /// `#EXT-X-BYTERANGE` is used: segments are ranges of shared files.
    public var usesByteRanges = false
    /// `#EXT-X-DISCONTINUITY` is used: the media's timestamps may start again after it.
    public var hasDiscontinuity = false

    public init() {}

    /// The variant with the highest `BANDWIDTH` (the first one on a tie; variants without one come last).
    public var bestVariant: Variant? {
        variants.enumerated().max { a, b in
            let (x, y) = (a.element.bandwidth ?? -1, b.element.bandwidth ?? -1)
            return x == y ? a.offset > b.offset : x < y
        }?.element
    }
}
