import AppCore
import Foundation
import TUI

/// Marks a server keeps (Frigate): a change is shown at once, as pending (`…`), and sent; the row
/// shows `✓` (saved) only once the server took it. While the server is away the marks stay
/// pending and are sent again (``PendingMarks``: backoff, or at once when another request
/// succeeds); a quit leaves them in the journal for the next start. A mark the server refuses
/// for good is rolled back with an error that says so. Where the marks are kept locally
/// (``ReviewState/serverMarks`` nil) each change is saved to the marks file instead.
extension ReviewState {
    /// The server keeps the marks: changes go to it through ``serverMarks``. `pending` are the
    /// journal's marks for this server from an earlier session: shown pending at once, and sent
    /// once the server answered the first page.
    mutating func keepMarksOnServer(pending: [PendingMark]) {
        let pendingMarks = PendingMarks(marks: pending)
        serverMarks = pendingMarks
        for mark in pendingMarks.marks {
            if mark.reviewed { marks.mark(mark.id) } else { marks.unmark(mark.id) }
        }
    }

    /// The user changed the marks of `ids` (``marks`` has them already): saved to the marks file,
    /// or pending for the server.
    mutating func record(_ ids: [String], _ isReviewed: Bool, now: ContinuousClock.Instant) -> [AppEffect] {
        guard serverMarks != nil else {
            return ids.count == 1 ? [.saveReviewed(id: ids[0], isReviewed: isReviewed)] : [.saveReviewedSet(ids: ids, isReviewed: isReviewed)]
        }
        return onServerMarks { $0.add(ids, reviewed: isReviewed, now: now) }
    }

    /// The server took a batch: its rows show `✓` (or no mark), and the local copy follows.
    mutating func sent(ids: [String], isReviewed: Bool, now: ContinuousClock.Instant) -> [AppEffect] {
        onServerMarks { $0.sent(ids: ids, reviewed: isReviewed, now: now) }
    }

    /// A batch failed: said once while the server is away (the rows stay pending), or rolled
    /// back when the server refused it (`rolledBack`: the marks changed back, so the list's
    /// selection is to be put back on its event).
    mutating func sendFailed(ids: [String], isReviewed: Bool, failure: MarkSendFailure, message text: String,
                             status: inout StatusLine, now: ContinuousClock.Instant) -> (effects: [AppEffect], rolledBack: Bool) {
        guard var pendingMarks = serverMarks else { return ([], false) }
        let effects = pendingMarks.failed(ids: ids, reviewed: isReviewed, failure, now: now)
        serverMarks = pendingMarks
        let dropped = effects.flatMap { effect -> [PendingMark] in
            if case .rolledBack(let marks) = effect { return marks } else { return [] }
        }
        switch failure {
        case .unavailable where pendingMarks.failures == 1:
            status.show("Reviewed marks pending (…): \(text); they are sent when the server answers again", now: now)
        case .signInNeeded:
            status.show("Reviewed marks pending (…): sign in again to send them", now: now)
        case .refused:
            if !dropped.isEmpty {
                let what = dropped.count == 1 ? "the mark of 1 event" : "the marks of \(dropped.count) events"
                status.error = "The server did not take \(what), shown as before: \(text)"
            }
        default: break
        }
        return (perform(effects), !dropped.isEmpty)
    }

    /// A tick: a backoff that ran out sends the pending marks again.
    mutating func tick(now: ContinuousClock.Instant) -> [AppEffect] {
        onServerMarks { $0.tick(now: now) }
    }

    /// Another request to the server succeeded (a page, the timeline's events): pending marks go now.
    mutating func serverAnswered(now: ContinuousClock.Instant) -> [AppEffect] {
        onServerMarks { $0.serverAnswered(now: now) }
    }

    /// The header's " · 2 marks pending (…)" while the server has not confirmed some (the glyph
    /// their rows show).
    var pendingText: String {
        let count = serverMarks?.count ?? 0
        return count == 0 ? "" : " · \(count) mark\(count == 1 ? "" : "s") pending (\(EventRow.pendingGlyph))"
    }

    /// Changes the marks the server has not confirmed (none where the marks are kept locally) and
    /// carries out what that asks.
    private mutating func onServerMarks(_ change: (inout PendingMarks) -> [PendingMarks.Effect]) -> [AppEffect] {
        guard var pendingMarks = serverMarks else { return [] }
        let effects = change(&pendingMarks)
        serverMarks = pendingMarks
        return perform(effects)
    }

    /// The pending marks' effects as the coordinator's work; a rollback shows the events as they were.
    private mutating func perform(_ effects: [PendingMarks.Effect]) -> [AppEffect] {
        effects.flatMap { effect -> [AppEffect] in
            switch effect {
            case .send(let ids, let isReviewed):
                return [.sendReviewed(ids: ids, isReviewed: isReviewed)]
            case .journal(let marks):
                return [.writePendingMarks(marks)]
            case .saved(let marks):
                // The local copy follows the server's (the marks file the next start reads first).
                return [true, false].compactMap { value in
                    let ids = marks.filter { $0.reviewed == value }.map(\.id)
                    return ids.isEmpty ? nil : .saveReviewedSet(ids: ids, isReviewed: value)
                }
            case .rolledBack(let dropped):
                for mark in dropped {
                    if mark.reviewed { marks.unmark(mark.id) } else { marks.mark(mark.id) }
                }
                return []
            }
        }
    }
}
