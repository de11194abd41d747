import AppCore
import Foundation
import Testing

@Suite("ReviewedMarks: reviewed events, bounded, kept in a private file")
struct ReviewedMarksTests {
    @Test func markToggleAndUnmark() {
        var marks = ReviewedMarks()
        #expect(!marks.isReviewed("a"))
        marks.mark("a")
        #expect(marks.isReviewed("a"))
        #expect(marks.toggle("a") == false)
        #expect(!marks.isReviewed("a"))
        #expect(marks.toggle("a") == true)
        marks.unmark("a")
        marks.unmark("never")
        #expect(marks.count == 0)
    }

    @Test func keepsTheNewestMarksUpToItsCapacity() {
        var marks = ReviewedMarks(capacity: 3)
        for id in ["a", "b", "c"] { marks.mark(id) }
        marks.mark("a")          // marked again: the newest now
        marks.mark("d")          // forgets the oldest: b
        #expect(marks.ids == ["c", "a", "d"])
        #expect(!marks.isReviewed("b"))
        #expect(marks.isReviewed("c"))
    }

    @Test func savesAPrivateFileAtomicallyAndLoadsIt() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "marks-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = ReviewedMarks.fileURL(in: directory)
        #expect(ReviewedMarks.load(from: url) == ReviewedMarks())
        var marks = ReviewedMarks()
        marks.mark("evt-1")
        marks.mark("evt-2")
        try marks.save(to: url)
        #expect(ReviewedMarks.load(from: url).ids == ["evt-1", "evt-2"])
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0 != "reviewed.json" }
        #expect(leftovers.isEmpty, "no temporary files left: \(leftovers)")
    }

    @Test func updateReadsFirstSoAnotherProcessesMarksStay() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "marks-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = ReviewedMarks.fileURL(in: directory)
        try ReviewedMarks(ids: ["other-process"]).save(to: url)
        let marks = try ReviewedMarks.update(at: url) { $0.toggle("mine") }
        #expect(marks.ids == ["other-process", "mine"])
        #expect(ReviewedMarks.load(from: url) == marks)
    }

    @Test func aLoadedFileIsBoundedAndADamagedOneIsEmpty() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "marks-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = ReviewedMarks.fileURL(in: directory)
        try ReviewedMarks(capacity: 100, ids: (0..<100).map { "e\($0)" }).save(to: url)
        let bounded = ReviewedMarks.load(from: url, capacity: 10)
        #expect(bounded.ids == (90..<100).map { "e\($0)" })
        try Data("not json".utf8).write(to: url)
        #expect(ReviewedMarks.load(from: url).count == 0)
    }
}
