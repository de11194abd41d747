import EventsAPI
import Foundation
import Playlist

/// What an export fetches and writes, from an event and its media listing: the init segment (fMP4)
/// and the segments, in order, each with a key that stays the same across runs (its path), the
/// source container, and whether the event is still recording (then only what exists is exported).
///
/// ```swift
/// let plan = try ExportPlan(event: event, listing: listing, format: nil, now: .now)
/// plan.pieces.count          // init + segments
/// plan.needsRemux            // true for --format mp4 of an MPEG-TS source
/// ```
public struct ExportPlan: Sendable, Equatable {
    /// One download: the init segment or a media segment.
    public struct Piece: Sendable, Equatable {
        public enum Kind: Sendable, Equatable { case initSegment, segment }
        public var kind: Kind
        /// Absolute, authorised URL.
        public var url: URL
        /// The URL's path: the same in every run (the token in the query is not).
        public var key: String
        /// Seconds of media (0 for the init segment).
        public var duration: Double
    }

    public var eventID: String
    /// The media token the URLs carry (also sent as the `Authorization` header).
    public var token: String
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
    /// - Throws: ``ExportError`` for media that cannot be saved by concatenation (encrypted, byte
    ///   ranges) or a playlist without segments.
    public init(event: Event, listing: MediaListing, format: ExportFormat?, now: Date) throws {
        let inventory = listing.inventory
        if inventory.isEncrypted { throw ExportError("\(event.id) is encrypted (EXT-X-KEY); encrypted events cannot be exported") }
        if inventory.usesByteRanges { throw ExportError("\(event.id) uses byte ranges (EXT-X-BYTERANGE), which export does not support") }
        var pieces: [Piece] = []
        if let uri = inventory.initSegmentURI, let url = URL(string: uri) {
            pieces.append(Piece(kind: .initSegment, url: url, key: Self.key(url), duration: 0))
        }
        for segment in inventory.segments {
            guard let url = URL(string: segment.uri) else { continue }
            pieces.append(Piece(kind: .segment, url: url, key: Self.key(url), duration: segment.duration))
        }
        guard pieces.contains(where: { $0.kind == .segment }) else {
            throw ExportError("\(event.id) has no segments yet; nothing to export")
        }
        eventID = event.id
        token = listing.token
        self.pieces = pieces
        source = inventory.initSegmentURI == nil ? .ts : .mp4
        output = format ?? source
        isPartial = !inventory.summary.hasEndList && event.isLive(at: now)
        hasDiscontinuity = inventory.hasDiscontinuity
        variant = listing.master.map { VariantChoice(bandwidth: $0.bestVariant?.bandwidth, of: $0.variants.count) }
    }

    /// The container changes, or timestamps restart: ffmpeg remuxes with stream copy.
    public var needsRemux: Bool { source != output || hasDiscontinuity }
    /// Media segments (the init segment not counted).
    public var segmentCount: Int { pieces.filter { $0.kind == .segment }.count }
    /// Seconds of media in the plan.
    public var duration: Double { pieces.reduce(0) { $0 + $1.duration } }

    /// The same plan with the URLs (and token) of `fresh`, e.g. after the token was refreshed;
    /// pieces are matched by key.
    public func refreshed(from fresh: ExportPlan) -> ExportPlan {
        var copy = self
        let urls = Dictionary(fresh.pieces.map { ($0.key, $0.url) }, uniquingKeysWith: { first, _ in first })
        for index in copy.pieces.indices { copy.pieces[index].url = urls[copy.pieces[index].key] ?? copy.pieces[index].url }
        copy.token = fresh.token
        return copy
    }

    static func key(_ url: URL) -> String {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? url.path
    }
}
