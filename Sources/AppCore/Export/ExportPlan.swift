import EventsAPI
import Foundation
import Playlist
import SystemSupport

/// What an export fetches and writes, from an event and its media listing: the init segment (fMP4)
/// and the segments, in order, each with a key that stays the same across runs (its path, and its
/// byte range), the source container, and whether the event is still recording (then only what
/// exists is exported). A separate audio rendition's pieces follow the video's (``Piece/Track``);
/// encrypted pieces (AES-128) are decrypted as they arrive and byte ranges are fetched with
/// `Range`, so the `.part` holds clear media, piece after piece.
///
/// ```swift
/// let plan = try ExportPlan(event: event, listing: listing, format: nil, now: .now)
/// plan.pieces.count          // init + segments (+ the audio rendition's)
/// plan.needsRemux            // true for --format mp4 of an MPEG-TS source, or a separate audio rendition
/// ```
public struct ExportPlan: Sendable, Equatable {
    /// One download: the init segment or a media segment.
    public struct Piece: Sendable, Equatable {
        public enum Kind: Sendable, Equatable { case initSegment, segment }
        /// Which rendition it belongs to: the variant (video, and audio when muxed) or a separate
        /// audio rendition.
        public enum Track: Sendable, Equatable { case main, audio }
        public var kind: Kind
        /// Absolute, authorised URL.
        public var url: URL
        /// The URL's path (and byte range): the same in every run (the token in the query is not).
        public var key: String
        /// Seconds of media (0 for the init segment).
        public var duration: Double
        public var track: Track = .main
        /// Only these bytes of `url` (`#EXT-X-BYTERANGE`).
        public var byteRange: M3U8Inventory.ByteRange?
        /// AES-128: where its key is and its IV.
        public var encryption: Encryption?
    }

    /// How a piece is encrypted: AES-128-CBC with PKCS#7 padding (the only method HLS defines for
    /// whole segments), its key at `keyURL`.
    public struct Encryption: Sendable, Equatable {
        /// Absolute, authorised URL of the 16-byte key.
        public var keyURL: URL
        /// The key's path: the same in every run.
        public var keyPath: String
        /// The tag's IV, else the media sequence number as a 128-bit big-endian number.
        public var iv: [UInt8]
    }

    public var eventID: String
    /// The media token the URLs carry (also sent as the `Authorization` header).
    public var token: String
    /// The header for the pieces of the event's own origin when the credential is a bearer token
    /// that no URL carries (Frigate); nil when the URLs carry it.
    public var header: OriginHeader?
    public var pieces: [Piece]
    /// What the downloaded bytes are: MPEG-TS, or fMP4 when there is an init segment.
    public var source: ExportFormat
    /// What the user gets.
    public var output: ExportFormat
    /// The event is still recording: the export holds what exists now.
    public var isPartial: Bool
    /// A master playlist's variant chosen: the one with the highest bandwidth.
    public struct VariantChoice: Sendable, Equatable {
        /// Its `BANDWIDTH` in bit/s, when given.
        public var bandwidth: Int?
        /// How many variants the master had.
        public var of: Int
    }

    /// Set when the event's playlist was a master.
    public var variant: VariantChoice?
    /// The playlist has `#EXT-X-DISCONTINUITY`: the segments' timestamps may start again, so the
    /// concatenation goes through ffmpeg, which makes them continuous (see ``ExportRemuxer``).
    public var hasDiscontinuity = false

    /// - Parameter format: `--format`, or nil for the source's own container.
    /// - Throws: ``ExportError`` for encryption other than AES-128 (SAMPLE-AES), a key without a
    ///   URI, or a playlist without segments.
    public init(event: Event, listing: MediaListing, format: ExportFormat?, now: Date) throws {
        let inventory = listing.inventory
        var pieces = try Self.pieces(of: inventory, track: .main, eventID: event.id)
        guard pieces.contains(where: { $0.kind == .segment }) else {
            throw ExportError("\(event.id) has no segments yet; nothing to export")
        }
        if let audio = listing.audio {
            let audioPieces = try Self.pieces(of: audio, track: .audio, eventID: event.id)
            if audioPieces.contains(where: { $0.kind == .segment }) { pieces += audioPieces }
        }
        eventID = event.id
        token = listing.token
        header = listing.header
        self.pieces = pieces
        source = inventory.initSegmentURI == nil ? .ts : .mp4
        output = format ?? source
        isPartial = !inventory.summary.hasEndList && event.isLive(at: now)
        hasDiscontinuity = inventory.hasDiscontinuity || listing.audio?.hasDiscontinuity == true
        variant = listing.master.map { VariantChoice(bandwidth: $0.bestVariant?.bandwidth, of: $0.variants.count) }
    }

    /// The pieces of one rendition's media playlist.
    static func pieces(of inventory: M3U8Inventory, track: Piece.Track, eventID: String) throws -> [Piece] {
        var pieces: [Piece] = []
        if let uri = inventory.initSegmentURI, let url = URL(string: uri) {
            let range = inventory.initSegmentByteRange
            pieces.append(Piece(kind: .initSegment, url: url, key: key(url, range), duration: 0, track: track, byteRange: range))
        }
        for segment in inventory.segments {
            guard let url = URL(string: segment.uri) else { continue }
            pieces.append(Piece(kind: .segment, url: url, key: key(url, segment.byteRange), duration: segment.duration, track: track,
                                byteRange: segment.byteRange, encryption: try encryption(of: segment, eventID: eventID)))
        }
        return pieces
    }

    static func encryption(of segment: M3U8Inventory.Segment, eventID: String) throws -> Encryption? {
        guard let key = segment.key else { return nil }
        guard key.method == "AES-128" else {
            throw ExportError("\(eventID) is encrypted with \(TerminalText.quoted(key.method, limit: 40)), which export cannot decrypt (it decrypts AES-128)")
        }
        guard let uri = key.uri, let url = URL(string: uri) else {
            throw ExportError("\(eventID) is encrypted (AES-128) but its EXT-X-KEY names no key URI; it cannot be exported")
        }
        // Without an IV attribute, the IV is the media sequence number, big-endian, in 16 bytes.
        let iv = key.iv ?? (0..<16).map { index in index < 8 ? 0 : UInt8(truncatingIfNeeded: UInt64(truncatingIfNeeded: segment.sequence) >> (8 * (15 - index))) }
        return Encryption(keyURL: url, keyPath: Self.key(url, nil), iv: iv)
    }

    /// The container changes, timestamps restart, or the audio is a separate rendition: ffmpeg
    /// remuxes with stream copy.
    public var needsRemux: Bool { source != output || hasDiscontinuity || hasSeparateAudio }
    /// The audio comes from a separate rendition (its pieces follow the video's).
    public var hasSeparateAudio: Bool { pieces.contains { $0.track == .audio } }
    /// The segments are AES-128 encrypted (decrypted as they arrive).
    public var isEncrypted: Bool { pieces.contains { $0.encryption != nil } }
    /// Media segments of the main track (the init segment and a separate audio rendition not counted).
    public var segmentCount: Int { pieces.filter { $0.kind == .segment && $0.track == .main }.count }
    /// Seconds of media in the plan (the main track's).
    public var duration: Double { pieces.filter { $0.track == .main }.reduce(0) { $0 + $1.duration } }

    /// The same plan with the URLs (and token) of `fresh`, e.g. after the token was refreshed;
    /// pieces are matched by key.
    public func refreshed(from fresh: ExportPlan) -> ExportPlan {
        var copy = self
        let byKey = Dictionary(fresh.pieces.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        for index in copy.pieces.indices {
            guard let new = byKey[copy.pieces[index].key] else { continue }
            copy.pieces[index].url = new.url
            copy.pieces[index].encryption = new.encryption ?? copy.pieces[index].encryption
        }
        copy.token = fresh.token
        copy.header = fresh.header
        return copy
    }

    /// The URL's path, and `@<offset>+<length>` for a byte range.
    static func key(_ url: URL, _ range: M3U8Inventory.ByteRange? = nil) -> String {
        let path = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? url.path
        return range.map { path + "@\($0.offset)+\($0.length)" } ?? path
    }
}
