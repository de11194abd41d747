import AppCore
import Foundation
import PlaybackStates

/// The one export the TUI runs at a time: which event, where, how far.
///
/// ```swift
/// var job = ExportJob(eventID: "evt-1", camera: "Garage")
/// job.progress = ExportProgress(piecesDone: 3, pieceCount: 6, bytes: 600_000, bytesThisRun: 600_000, elapsed: 3)
/// job.statusText   // "export 50% 600 KB 200 KB/s ETA 0:03"
/// ```
struct ExportJob: Sendable, Equatable {
    var eventID: String
    var camera: String
    /// The final file, once planned.
    var file: String?
    var isPartial = false
    var progress: ExportProgress?

    /// Whole percent of pieces written; nil before the plan.
    var percent: Int? {
        guard let progress, progress.pieceCount > 0 else { return nil }
        return progress.piecesDone * 100 / progress.pieceCount
    }

    /// The status bar's segment.
    var statusText: String {
        guard let progress, let percent else { return "export \(eventID): starting…" }
        let rate = progress.rate.map { ExportProgress.bytes(Int($0)) + "/s" } ?? "– B/s"
        let eta = progress.isComplete ? "saving…" : "ETA " + (progress.eta.map(DurationText.clock) ?? "–:––")
        return "export \(percent)% \(ExportProgress.bytes(progress.bytes)) \(rate) \(eta)"
    }
}
