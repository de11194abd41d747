/// What a playlist names, URI by URI, as the rewriter wrote it (absolute and authorised): a
/// media playlist's segments (with their byte ranges and AES-128 keys) and init segment, a
/// master's variants with their bandwidth and its `#EXT-X-MEDIA` renditions. For callers that
/// fetch the media themselves (export); playback never needs it.
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
        /// Its `#EXT-X-BYTERANGE` (the offset filled in when the tag omits it), nil for a whole file.
        public var byteRange: ByteRange?
        /// The `#EXT-X-KEY` in force for it, nil when clear (`METHOD=NONE` or no key).
        public var key: Key?
        /// Its media sequence number (`#EXT-X-MEDIA-SEQUENCE` + its index): the IV of AES-128
        /// when the key names none.
        public var sequence: Int

        public init(uri: String, duration: Double, byteRange: ByteRange? = nil, key: Key? = nil, sequence: Int = 0) {
            self.uri = uri
            self.duration = duration
            self.byteRange = byteRange
            self.key = key
            self.sequence = sequence
        }
    }

    /// `#EXT-X-BYTERANGE:<length>[@<offset>]` (or a `BYTERANGE` attribute): bytes of a shared file.
    public struct ByteRange: Sendable, Equatable {
        public var length: Int
        public var offset: Int

        public init(length: Int, offset: Int) {
            self.length = length
            self.offset = offset
        }

        /// The HTTP `Range` header value, `bytes=<first>-<last>`.
        public var header: String { "bytes=\(offset)-\(offset + length - 1)" }
    }

    /// An `#EXT-X-KEY` other than `METHOD=NONE`.
    public struct Key: Sendable, Equatable {
        /// `AES-128`, `SAMPLE-AES`, …
        public var method: String
        /// Absolute, authorised URI of the key (nil when the tag names none).
        public var uri: String?
        /// The `IV` attribute's 16 bytes, nil when absent (then the media sequence number is the IV).
        public var iv: [UInt8]?

        public init(method: String, uri: String?, iv: [UInt8]?) {
            self.method = method
            self.uri = uri
            self.iv = iv
        }
    }

    /// One `#EXT-X-MEDIA` rendition of a master.
    public struct Rendition: Sendable, Equatable {
        /// `AUDIO`, `SUBTITLES`, `VIDEO`, `CLOSED-CAPTIONS`.
        public var type: String
        public var groupID: String?
        public var name: String?
        /// `DEFAULT=YES`.
        public var isDefault: Bool
        /// Absolute, authorised URI of its media playlist; nil when its media is in the variants.
        public var uri: String?

        public init(type: String, groupID: String?, name: String?, isDefault: Bool, uri: String?) {
            self.type = type
            self.groupID = groupID
            self.name = name
            self.isDefault = isDefault
            self.uri = uri
        }
    }

    /// One `#EXT-X-STREAM-INF` variant of a master.
    public struct Variant: Sendable, Equatable {
        /// Absolute, authorised URI of its media playlist.
        public var uri: String
        /// Its `BANDWIDTH` attribute in bits per second, nil when missing or unreadable.
        public var bandwidth: Int?
        /// Its `AUDIO` attribute: the `GROUP-ID` of the audio renditions that go with it.
        public var audioGroup: String?
        /// Its `RESOLUTION` attribute, nil when missing or unreadable.
        public var resolution: Resolution?

        public init(uri: String, bandwidth: Int?, audioGroup: String? = nil, resolution: Resolution? = nil) {
            self.uri = uri
            self.bandwidth = bandwidth
            self.audioGroup = audioGroup
            self.resolution = resolution
        }
    }

    /// A variant's picture size (`RESOLUTION=1920x1080`).
    public struct Resolution: Sendable, Equatable {
        public var width: Int
        public var height: Int

        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }

        /// `WIDTHxHEIGHT` (decimal, both above 0 and at most 65535, as hostile input may say anything).
        public init?(text: String) {
            let parts = text.split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
                  (1...65535).contains(width), (1...65535).contains(height) else { return nil }
            self.init(width: width, height: height)
        }
    }

    /// What the rewriter saw (kind, duration, end list).
    public var summary = M3U8Summary()
    /// Media segments in playlist order (empty for a master).
    public var segments: [Segment] = []
    /// The first `#EXT-X-MAP` URI (fMP4 init segment), absolute and authorised.
    public var initSegmentURI: String?
    /// The first `#EXT-X-MAP`'s `BYTERANGE`, when it has one.
    public var initSegmentByteRange: ByteRange?
    /// `#EXT-X-STREAM-INF` variants in playlist order (empty for a media playlist).
    public var variants: [Variant] = []
    /// `#EXT-X-MEDIA` renditions in playlist order (empty for a media playlist).
    public var renditions: [Rendition] = []
    /// An `#EXT-X-KEY` with a method other than `NONE`: the segments are encrypted.
    public var isEncrypted = false
    /// `#EXT-X-BYTERANGE` is used: segments are ranges of shared files.
    public var usesByteRanges = false
    /// `#EXT-X-DISCONTINUITY` is used: the media's timestamps may start again after it.
    public var hasDiscontinuity = false

    public init() {}

    /// The smallest variant whose picture covers `width`×`height` pixels (a montage tile plays
    /// that rather than the best one: four 1080p streams are more than a tile of 480×270 needs):
    /// among those at least that size, the one with the fewest pixels (then the lowest
    /// bandwidth); when none is, the largest; without resolutions, ``bestVariant``.
    public func smallestVariant(covering width: Int, _ height: Int) -> Variant? {
        let sized = variants.compactMap { variant in variant.resolution.map { (variant, $0.width * $0.height, $0) } }
        guard !sized.isEmpty else { return bestVariant }
        let covering = sized.filter { $0.2.width >= width && $0.2.height >= height }
        if !covering.isEmpty {
            return covering.min { a, b in a.1 == b.1 ? (a.0.bandwidth ?? .max) < (b.0.bandwidth ?? .max) : a.1 < b.1 }?.0
        }
        return sized.max { a, b in a.1 == b.1 ? (a.0.bandwidth ?? -1) < (b.0.bandwidth ?? -1) : a.1 < b.1 }?.0
    }

    /// The variant with the highest `BANDWIDTH` (the first one on a tie; variants without one come last).
    public var bestVariant: Variant? {
        variants.enumerated().max { a, b in
            let (x, y) = (a.element.bandwidth ?? -1, b.element.bandwidth ?? -1)
            return x == y ? a.offset > b.offset : x < y
        }?.element
    }

    /// The separate audio of `variant`: the `DEFAULT=YES` rendition of its `AUDIO` group that has
    /// a URI, else the group's first with one; nil when its audio (if any) is in the variant.
    public func audioRendition(of variant: Variant) -> Rendition? {
        guard let group = variant.audioGroup else { return nil }
        let candidates = renditions.filter { $0.type == "AUDIO" && $0.groupID == group && $0.uri != nil }
        return candidates.first(where: \.isDefault) ?? candidates.first
    }
}
