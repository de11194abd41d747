import AppCore
import Foundation
import Testing

@Suite("PendingMarks: marks the server has not confirmed, sent again, journalled per server")
struct PendingMarksTests {
    let t0 = ContinuousClock.now

    @Test func oneBatchAtATimeAndASavedMarkLeavesTheJournal() {
        var pending = PendingMarks()
        let a = PendingMark(id: "a", reviewed: true), b = PendingMark(id: "b", reviewed: true)
        #expect(pending.add(["a"], reviewed: true, now: t0) == [.journal([a]), .send(ids: ["a"], reviewed: true)])
        // A second mark while the first is on its way waits for it (no second request).
        #expect(pending.add(["b"], reviewed: true, now: t0) == [.journal([a, b])])
        #expect(pending.wanted("b") == true)
        #expect(pending.sent(ids: ["a"], reviewed: true, now: t0) == [.saved([a]), .journal([b]), .send(ids: ["b"], reviewed: true)])
        #expect(pending.sent(ids: ["b"], reviewed: true, now: t0) == [.saved([b]), .journal([])])
        #expect(pending.isEmpty && pending.wanted("a") == nil)
    }

    @Test func aServerThatIsAwayIsAskedAgainWithBackoffNotAStorm() {
        var pending = PendingMarks()
        _ = pending.add(["a"], reviewed: true, now: t0)
        #expect(pending.failed(ids: ["a"], reviewed: true, .unavailable, now: t0).isEmpty)
        #expect(pending.wanted("a") == true, "kept pending")
        #expect(pending.nextDeadline == t0 + .seconds(2))
        // New marks and ticks during the backoff send nothing.
        #expect(pending.add(["b"], reviewed: true, now: t0 + .seconds(1)) == [.journal([PendingMark(id: "a", reviewed: true), PendingMark(id: "b", reviewed: true)])])
        #expect(pending.tick(now: t0 + .seconds(1)).isEmpty)
        #expect(pending.tick(now: t0 + .seconds(2)) == [.send(ids: ["a", "b"], reviewed: true)])
        #expect(pending.tick(now: t0 + .seconds(3)).isEmpty, "one on its way")
        _ = pending.failed(ids: ["a", "b"], reviewed: true, .unavailable, now: t0 + .seconds(3))
        #expect(pending.nextDeadline == t0 + .seconds(7), "the backoff doubles")
        #expect(PendingMarks.backoff(afterFailures: 1) == .seconds(2))
        #expect(PendingMarks.backoff(afterFailures: 3) == .seconds(8))
        #expect(PendingMarks.backoff(afterFailures: 50) == .seconds(60), "at most a minute")
    }

    @Test func anotherRequestThatSucceedsSendsAtOnce() {
        var pending = PendingMarks(marks: [PendingMark(id: "a", reviewed: true)])
        #expect(pending.tick(now: t0).isEmpty, "journal marks wait for the server to answer")
        #expect(pending.serverAnswered(now: t0) == [.send(ids: ["a"], reviewed: true)])
        _ = pending.failed(ids: ["a"], reviewed: true, .unavailable, now: t0)
        #expect(pending.serverAnswered(now: t0 + .milliseconds(100)) == [.send(ids: ["a"], reviewed: true)],
                "a page loaded: the backoff ends")
        #expect(pending.serverAnswered(now: t0 + .milliseconds(200)).isEmpty, "not while one is on its way")
    }

    @Test func signedOutMarksWaitForTheNextAnswerNotATimer() {
        var pending = PendingMarks()
        _ = pending.add(["a"], reviewed: false, now: t0)
        _ = pending.failed(ids: ["a"], reviewed: false, .signInNeeded, now: t0)
        #expect(pending.nextDeadline == nil)
        #expect(pending.tick(now: t0 + .seconds(600)).isEmpty)
        #expect(pending.serverAnswered(now: t0 + .seconds(600)) == [.send(ids: ["a"], reviewed: false)])
    }

    @Test func aRefusedBatchIsRolledBackAndDropped() {
        var pending = PendingMarks()
        _ = pending.add(["a", "b"], reviewed: true, now: t0)
        let effects = pending.failed(ids: ["a", "b"], reviewed: true, .refused, now: t0)
        #expect(effects == [.rolledBack([PendingMark(id: "a", reviewed: true), PendingMark(id: "b", reviewed: true)]), .journal([])])
        #expect(pending.isEmpty)
    }

    @Test func aMarkChangedWhileOnItsWayStaysPendingWithItsNewValue() {
        var pending = PendingMarks()
        _ = pending.add(["a"], reviewed: true, now: t0)
        #expect(pending.add(["a"], reviewed: false, now: t0) == [.journal([PendingMark(id: "a", reviewed: false)])])
        // The server took "reviewed"; the unmark is still to send (one request per value).
        #expect(pending.sent(ids: ["a"], reviewed: true, now: t0) == [.send(ids: ["a"], reviewed: false)])
        #expect(pending.wanted("a") == false)
    }

    @Test func theJournalIsPrivateAndKeyedByServer() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "pending-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = PendingMarks.journalURL(in: directory)
        #expect(url.deletingLastPathComponent() == ReviewedMarks.fileURL(in: directory).deletingLastPathComponent())
        let serverA = PendingMarks.serverKey(URL(string: "https://nvr-a.example:8971")!)
        let serverB = PendingMarks.serverKey(URL(string: "https://nvr-b.example:8971")!)
        let marks = [PendingMark(id: "a1", reviewed: true), PendingMark(id: "a2", reviewed: false)]
        try PendingMarks.writeJournal(marks, at: url, server: serverA)
        try PendingMarks.writeJournal([PendingMark(id: "b1", reviewed: true)], at: url, server: serverB)
        #expect(PendingMarks.journal(at: url, server: serverA) == marks)
        #expect(PendingMarks.journal(at: url, server: serverB) == [PendingMark(id: "b1", reviewed: true)])
        #expect(PendingMarks.journal(at: url, server: "https://nvr-c.example:8971").isEmpty, "never another server's")
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        try PendingMarks.writeJournal([], at: url, server: serverA)
        #expect(PendingMarks.journal(at: url, server: serverB).count == 1, "the other server's marks stay")
        try PendingMarks.writeJournal([], at: url, server: serverB)
        #expect(!FileManager.default.fileExists(atPath: url.path), "nothing pending: no journal")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(leftovers.isEmpty, "no temporary files left: \(leftovers)")
    }
}
