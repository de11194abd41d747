import AppCore
import EventsAPI
import Foundation

/// What `eventplayer export` says before, after, and when interrupted.
enum ExportMessages {
    static func starting(_ plan: ExportPlan, event: Event, destination: ExportDestination,
                         resume: ExportJournal.ResumePoint) -> [String] {
        let media = plan.source == .mp4 ? "fMP4 init segment + \(segments(plan.segmentCount))" : "MPEG-TS, \(segments(plan.segmentCount))"
        let remux = plan.needsRemux ? ", remuxed to \(plan.output.rawValue.uppercased()) by ffmpeg" : ""
        var lines = ["exporting \(event.id) (\(event.cameraName), \(EventFormatting.clock(plan.duration)), \(media)\(remux)) "
            + "to \(destination.final.path)"]
        if let variant = plan.variant {
            let rate = variant.bandwidth.map { " (\($0 / 1000) kbit/s)" } ?? ""
            lines.append("master playlist: the best of \(variant.of) variants\(rate)")
        }
        if plan.isPartial {
            lines.append("\(event.id) is still recording: exporting the \(segments(plan.segmentCount)) that exist now")
        }
        if resume.piece > 0 {
            lines.append("resuming: \(resume.piece) of \(plan.pieces.count) pieces (\(ExportProgress.bytes(resume.bytes))) already downloaded")
        }
        return lines
    }

    static func segments(_ count: Int) -> String {
        count == 1 ? "1 segment" : "\(count) segments"
    }

    static func done(_ plan: ExportPlan, event: Event, outcome: EventExporter.Outcome) -> String {
        let place = outcome.file == ExportDestination.standardOutputURL ? "to standard output" : outcome.file.path
        var text = "saved \(place) (\(ExportProgress.bytes(outcome.bytes)), \(EventFormatting.clock(plan.duration)))"
        if plan.isPartial { text += "; \(event.id) is still recording: export it again later with --force for the rest" }
        return text
    }

    static func interrupted(_ plan: ExportPlan, kept: ExportJournal.ResumePoint, destination: ExportDestination) -> String {
        "interrupted: \(kept.piece) of \(plan.pieces.count) pieces kept in \(destination.part.path); "
            + "run the same command again to resume"
    }
}
