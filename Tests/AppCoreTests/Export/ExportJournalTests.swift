import AppCore
import Foundation
import Testing

@Suite("ExportJournal: resume bookkeeping")
struct ExportJournalTests {
    let now = ExportFixtures.start.addingTimeInterval(60)

    func plan(segments: Int = 5) throws -> ExportPlan {
        try ExportPlan(event: ExportFixtures.event(), listing: ExportFixtures.listing(segments: segments), format: nil, now: now)
    }

    func journal(_ pieces: Int, bytes: Int = 100, of plan: ExportPlan) -> ExportJournal {
        var journal = ExportJournal(eventID: plan.eventID, source: plan.source)
        for piece in plan.pieces.prefix(pieces) { journal.record(key: piece.key, bytes: bytes) }
        return journal
    }

    @Test func resumesAfterTheRecordedPiecesTheFileHolds() throws {
        let plan = try plan()
        #expect(journal(3, of: plan).resumePoint(for: plan, partSize: 300) == .init(piece: 3, bytes: 300))
        // More bytes than recorded (a piece written but not yet recorded): cut back to the record.
        #expect(journal(3, of: plan).resumePoint(for: plan, partSize: 350) == .init(piece: 3, bytes: 300))
    }

    @Test func aShortFileResumesFromTheLastWholePiece() throws {
        let plan = try plan()
        #expect(journal(3, of: plan).resumePoint(for: plan, partSize: 250) == .init(piece: 2, bytes: 200))
        #expect(journal(3, of: plan).resumePoint(for: plan, partSize: 0) == .init(piece: 0, bytes: 0))
    }

    @Test func anotherEventOrContainerStartsOver() throws {
        let plan = try plan()
        var other = journal(3, of: plan)
        other.eventID = "evt-2"
        #expect(other.resumePoint(for: plan, partSize: 300) == .init(piece: 0, bytes: 0))
        var container = journal(3, of: plan)
        container.source = .mp4
        #expect(container.resumePoint(for: plan, partSize: 300) == .init(piece: 0, bytes: 0))
    }

    @Test func aGrownLiveListingResumesAtTheSharedPrefix() throws {
        let earlier = try plan(segments: 3)
        let later = try plan(segments: 6)
        #expect(journal(3, of: earlier).resumePoint(for: later, partSize: 300) == .init(piece: 3, bytes: 300))
    }

    @Test func piecesThatDifferStopTheResume() throws {
        let plan = try plan()
        var journal = journal(3, of: plan)
        journal.entries[1].key = "/elsewhere/segment1.ts"
        #expect(journal.resumePoint(for: plan, partSize: 300) == .init(piece: 1, bytes: 100))
        #expect(journal.trimmed(to: .init(piece: 1, bytes: 100)).entries.count == 1)
    }

    @Test func savesAndLoads() throws {
        let plan = try plan()
        let url = FileManager.default.temporaryDirectory.appending(path: "journal-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try journal(2, of: plan).save(to: url)
        #expect(ExportJournal.load(from: url) == journal(2, of: plan))
        try ExportJournal.append(.init(key: plan.pieces[2].key, bytes: 100), to: url)
        #expect(ExportJournal.load(from: url) == journal(3, of: plan))
        try Data("{".utf8).write(to: url)
        #expect(ExportJournal.load(from: url) == nil)
    }

    @Test func aTornLastLineIsIgnored() throws {
        let plan = try plan()
        let url = FileManager.default.temporaryDirectory.appending(path: "journal-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        try journal(2, of: plan).save(to: url)
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("10".utf8))   // "100 /media/…" cut short
        try handle.close()
        #expect(ExportJournal.load(from: url) == journal(2, of: plan))
        #expect(try String(contentsOf: url, encoding: .utf8).hasPrefix("eventplayer-export 1 ts evt-1\n100 /media/30-days/evt-1/segment0.ts\n"))
    }
}
