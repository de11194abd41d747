import AppCore
import EventsAPI
import Foundation

/// `e`: one export at a time in the background while playback goes on; its progress is a status
/// bar segment, its file a message when done, its failure an error (Esc dismisses). A second `e`
/// while one runs is refused with a message (no queue: the first finishes in seconds to minutes,
/// and a queue would hide what is waiting). `q` while one runs warns first; a second `q` quits and
/// leaves the `.part`, which the next export of that event resumes.
struct ExportState: Sendable, Equatable {
    /// How long the saved file's path stays on the message line.
    static let messageLifetime: Duration = .seconds(12)

    /// The export running, if one is.
    var job: ExportJob?
    /// `q` said an export is running; the next `q` quits.
    var quitWarned = false

    /// `e` on `event` (the one the keys act on): starts its export unless one runs.
    mutating func start(_ event: Event?, status: inout StatusLine, now: ContinuousClock.Instant) -> [AppEffect] {
        if let job {
            let done = job.percent.map { ", \($0)%" } ?? ""
            status.show("An export is running (\(job.eventID)\(done)); press e again when it has finished", now: now)
            return []
        }
        guard let event else {
            status.show("No event to export: select one first", now: now)
            return []
        }
        job = ExportJob(eventID: event.id, camera: event.cameraName)
        quitWarned = false
        return [.startExport(event)]
    }

    /// The running export's progress, file or failure.
    mutating func apply(_ update: ExportUpdate, status: inout StatusLine, now: ContinuousClock.Instant) {
        switch update {
        case .started(let id, let file, let isPartial):
            guard job?.eventID == id else { return }
            job?.file = file
            job?.isPartial = isPartial
        case .progress(let progress):
            job?.progress = progress
        case .finished(let file, let bytes):
            let partial = job?.isPartial == true ? " (still recording: what exists so far)" : ""
            job = nil
            status.show("Saved \(file) (\(ExportProgress.bytes(bytes)))\(partial)", now: now, lifetime: Self.messageLifetime)
        case .failed(let text):
            job = nil
            status.error = "Export failed: \(text)"
        }
    }

    /// `q` with nothing left to go back from: while an export runs the first one warns; the next quits.
    mutating func quit(status: inout StatusLine, now: ContinuousClock.Instant) -> [AppEffect] {
        guard let job, !quitWarned else { return [.quit] }
        quitWarned = true
        let done = job.percent.map { " (\($0)%)" } ?? ""
        status.show("An export is running\(done): q again quits and keeps the .part; e on the event later resumes it",
                    now: now, lifetime: Self.messageLifetime)
        return []
    }
}
