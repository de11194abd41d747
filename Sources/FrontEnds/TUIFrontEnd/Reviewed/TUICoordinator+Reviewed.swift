import AppCore
import EventsAPI
import Foundation
import TUIState

/// One queue for the marks file: writes run off the UI thread, one at a time, in the order made,
/// and ``TUICoordinator/flushReviewed()`` can wait for them at exit. It is not a way back to the UI:
/// a failure comes back through the coordinator's inbox (``Mailbox``), as every background result does.
private let reviewedQueue = DispatchQueue(label: "eventplayer.reviewed")

extension TUICoordinator {
    /// The marks file in the state directory (`reviewed.json`, the one `events --json` reads).
    var reviewedFile: URL { ReviewedMarks.fileURL(in: services.paths.state) }

    /// Writes mark changes (read, change, atomic write: marks another eventplayer saved meanwhile
    /// are kept), and on a server that keeps marks (Frigate) sends them there in one request. A
    /// failure comes back as ``AppInput/reviewedSaveFailed(message:)``.
    func saveReviewed(ids: [String], isReviewed: Bool) {
        let file = reviewedFile, inbox = inbox, backend = services.backend
        if backend.reviewedOnServer {
            // Frigate keeps the marks per user: the server's copy is the one its UI shows.
            Task {
                do { try await backend.setReviewed(ids, reviewed: isReviewed) } catch {
                    inbox.post(.reviewedSaveFailed(message: "the server did not take the mark: \(UserFacing.message(for: error))"))
                }
            }
        }
        reviewedQueue.async {
            do {
                try ReviewedMarks.update(at: file) { marks in
                    for id in ids { if isReviewed { marks.mark(id) } else { marks.unmark(id) } }
                }
            } catch {
                let reason = (error as? POSIXError).map { String(cString: strerror($0.code.rawValue)) } ?? "\(error)"
                inbox.post(.reviewedSaveFailed(message: "\(file.path): \(reason)"))
            }
        }
    }

    /// Waits until the writes asked for so far are on disk (at exit).
    func flushReviewed() {
        reviewedQueue.sync {}
    }
}
