import AppCore
import EventsAPI
import Foundation
import TUIState

/// One queue for the marks files: writes run off the UI thread, one at a time, in the order made,
/// and ``TUICoordinator/flushReviewed()`` can wait for them at exit. It is not a way back to the UI:
/// a failure comes back through the coordinator's inbox (``Mailbox``), as every background result does.
private let reviewedQueue = DispatchQueue(label: "eventplayer.reviewed")

extension TUICoordinator {
    /// The marks file in the state directory (`reviewed.json`, the one `events --json` reads).
    var reviewedFile: URL { ReviewedMarks.fileURL(in: services.paths.state) }

    /// The journal of marks the server has not confirmed (`reviewed-pending.json`), and this
    /// server's key in it.
    var pendingMarksJournal: (url: URL, server: String) {
        (PendingMarks.journalURL(in: services.paths.state), PendingMarks.serverKey(services.backend.server))
    }

    /// Writes mark changes to the marks file (read, change, atomic write: marks another
    /// eventplayer saved meanwhile are kept). A failure comes back as
    /// ``AppInput/reviewedSaveFailed(message:)``.
    func saveReviewed(ids: [String], isReviewed: Bool) {
        let file = reviewedFile, inbox = inbox
        reviewedQueue.async {
            do {
                try ReviewedMarks.update(at: file) { marks in
                    for id in ids { if isReviewed { marks.mark(id) } else { marks.unmark(id) } }
                }
            } catch {
                inbox.post(.reviewedSaveFailed(message: "\(file.path): \(Self.reason(error))"))
            }
        }
    }

    /// Sends marks to a server that keeps them (Frigate) in one request; the answer comes back as
    /// ``AppInput/reviewedSent(ids:isReviewed:)`` or ``AppInput/reviewedSendFailed(ids:isReviewed:failure:message:)``.
    func sendReviewed(ids: [String], isReviewed: Bool) {
        let inbox = inbox, backend = services.backend
        Task {
            do {
                try await backend.setReviewed(ids, reviewed: isReviewed)
                inbox.post(.reviewedSent(ids: ids, isReviewed: isReviewed))
            } catch {
                inbox.post(.reviewedSendFailed(ids: ids, isReviewed: isReviewed, failure: MarkSendFailure(error),
                                               message: UserFacing.message(for: error)))
            }
        }
    }

    /// Writes the journal of pending marks (this server's entry), on the marks queue.
    func writePendingMarks(_ marks: [PendingMark]) {
        let journal = pendingMarksJournal, inbox = inbox
        reviewedQueue.async {
            do {
                try PendingMarks.writeJournal(marks, at: journal.url, server: journal.server)
            } catch {
                inbox.post(.reviewedSaveFailed(message: "\(journal.url.path): \(Self.reason(error))"))
            }
        }
    }

    /// Waits until the writes asked for so far are on disk (at exit).
    func flushReviewed() {
        reviewedQueue.sync {}
    }

    private static func reason(_ error: any Error) -> String {
        (error as? POSIXError).map { String(cString: strerror($0.code.rawValue)) } ?? "\(error)"
    }
}
