import AppCore
import EventsAPI
import Foundation
import TUI

/// `e`: one export at a time in the background while playback goes on; its progress is a status
/// bar segment, its file a message when done, its failure an error (Esc dismisses). A second `e`
/// while one runs is refused with a message (no queue: the first finishes in seconds to minutes,
/// and a queue would hide what is waiting). `q` while one runs warns first; a second `q` quits and
/// leaves the `.part`, which the next export of that event resumes.
extension AppState {
    /// How long the saved file's path stays on the message line.
    static let exportMessageLifetime: Duration = .seconds(12)

    /// The event `e` exports: the playing one with the player focused, else the selected one.
    var exportCandidate: Event? {
        focus == .player ? playback?.event ?? selectedEvent : selectedEvent
    }

    mutating func startExport(now: ContinuousClock.Instant) -> [AppEffect] {
        if let job = export.job {
            let done = job.percent.map { ", \($0)%" } ?? ""
            show("An export is running (\(job.eventID)\(done)); press e again when it has finished", now: now)
            return []
        }
        guard let event = exportCandidate else {
            show("No event to export: select one first", now: now)
            return []
        }
        export.job = ExportJob(eventID: event.id, camera: event.cameraName)
        export.quitWarned = false
        return [.startExport(event)]
    }

    mutating func apply(_ update: ExportUpdate, now: ContinuousClock.Instant) -> [AppEffect] {
        switch update {
        case .started(let id, let file, let isPartial):
            guard export.job?.eventID == id else { return [] }
            export.job?.file = file
            export.job?.isPartial = isPartial
        case .progress(let progress):
            export.job?.progress = progress
        case .finished(let file, let bytes):
            let partial = export.job?.isPartial == true ? " (still recording: what exists so far)" : ""
            export.job = nil
            status.message = TimedMessage(text: "Saved \(file) (\(ExportProgress.bytes(bytes)))\(partial)",
                                   expires: now + Self.exportMessageLifetime)
        case .failed(let text):
            export.job = nil
            status.error = "Export failed: \(text)"
        }
        return []
    }

    /// `q` with nothing left to go back from: while an export runs the first one warns; the next quits.
    mutating func quitUnlessExporting(now: ContinuousClock.Instant) -> [AppEffect] {
        guard let job = export.job, !export.quitWarned else { return [.quit] }
        export.quitWarned = true
        let done = job.percent.map { " (\($0)%)" } ?? ""
        status.message = TimedMessage(text: "An export is running\(done): q again quits and keeps the .part; e on the event later resumes it",
                               expires: now + Self.exportMessageLifetime)
        return []
    }
}
