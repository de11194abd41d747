import Foundation

/// What an export has written to its `.part` file, piece by piece, so a rerun resumes where the
/// last one stopped. Kept next to the `.part`, one line appended per piece (see
/// `ExportJournal+File.swift`), so a recording of thousands of segments costs one short write each.
///
/// ```swift
/// var journal = ExportJournal(eventID: plan.eventID, source: plan.source)
/// journal.record(key: piece.key, bytes: data.count)
/// let point = journal.resumePoint(for: plan, partSize: 1_234_567)   // pieces to skip, bytes to keep
/// ```
public struct ExportJournal: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var key: String
        public var bytes: Int

        public init(key: String, bytes: Int) {
            self.key = key
            self.bytes = bytes
        }
    }

    /// Where to continue: the first piece to fetch and how many bytes of the `.part` to keep.
    public struct ResumePoint: Sendable, Equatable {
        public var piece: Int
        public var bytes: Int

        public init(piece: Int, bytes: Int) {
            self.piece = piece
            self.bytes = bytes
        }
    }

    public var eventID: String
    public var source: ExportFormat
    public var entries: [Entry] = []

    public init(eventID: String, source: ExportFormat, entries: [Entry] = []) {
        self.eventID = eventID
        self.source = source
        self.entries = entries
    }

    /// A piece was appended to the `.part`.
    public mutating func record(key: String, bytes: Int) {
        entries.append(Entry(key: key, bytes: bytes))
    }

    /// The longest run of pieces, from the first, that this journal recorded in the plan's order
    /// and that the `.part` (of `partSize` bytes) really holds. Zero for another event or container.
    public func resumePoint(for plan: ExportPlan, partSize: Int) -> ResumePoint {
        guard eventID == plan.eventID, source == plan.source else { return ResumePoint(piece: 0, bytes: 0) }
        var piece = 0, bytes = 0
        while piece < entries.count, piece < plan.pieces.count, entries[piece].key == plan.pieces[piece].key,
              bytes + entries[piece].bytes <= partSize {
            bytes += entries[piece].bytes
            piece += 1
        }
        return ResumePoint(piece: piece, bytes: bytes)
    }

    /// The journal trimmed to `point` (what is kept of the `.part`).
    public func trimmed(to point: ResumePoint) -> ExportJournal {
        ExportJournal(eventID: eventID, source: source, entries: Array(entries.prefix(point.piece)))
    }

}
