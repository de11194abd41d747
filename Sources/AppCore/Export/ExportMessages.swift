import EventsAPI
import Foundation
import PlaybackStates

/// What an export says before, after, and when interrupted, for both front ends (``EventExport``):
/// `eventplayer export` prints the lines, the TUI shows them on its status line; where they tell
/// the user what to do next, the front end's ``ExportWording`` names it.
enum ExportMessages {
    static func starting(_ plan: ExportPlan, event: Event, destination: ExportDestination,
                         resume: ExportJournal.ResumePoint) -> [String] {
        var media = plan.source == .mp4 ? "fMP4 init segment + \(segments(plan.segmentCount))" : "MPEG-TS, \(segments(plan.segmentCount))"
        if plan.isEncrypted { media += ", AES-128 (decrypted)" }
        if plan.pieces.contains(where: { $0.byteRange != nil }) { media += ", byte ranges" }
        let remux = plan.needsRemux ? ", remuxed to \(plan.output.rawValue.uppercased()) by ffmpeg" : ""
        var lines = ["exporting \(event.id) (\(event.cameraName), \(DurationText.clock(plan.duration)), \(media)\(remux)) "
            + "to \(destination.final.path)"]
        if let variant = plan.variant {
            let rate = variant.bandwidth.map { " (\($0 / 1000) kbit/s)" } ?? ""
            lines.append(variant.of == 1 ? "master playlist: its one variant\(rate)" : "master playlist: the best of \(variant.of) variants\(rate)")
        }
        if plan.hasSeparateAudio {
            let count = plan.pieces.filter { $0.track == .audio && $0.kind == .segment }.count
            lines.append("audio: a separate rendition (\(segments(count))), joined to the video by ffmpeg")
        }
        if plan.isPartial {
            lines.append("\(event.id) is still recording: exporting the \(segments(plan.segmentCount)) that exist now")
        }
        if resume.piece > 0 {
            lines.append("resuming: \(resume.piece) of \(plan.pieces.count) pieces (\(ExportProgress.bytes(resume.bytes))) already downloaded")
        }
        return lines
    }

    /// Why `-o -` cannot stream `plan`: ffmpeg works on the whole download first.
    static func cannotStream(_ plan: ExportPlan) -> String {
        let reason = if plan.hasSeparateAudio {
            "its separate audio rendition is joined to the video by ffmpeg once both are downloaded"
        } else if plan.hasDiscontinuity {
            "its timestamps restart (EXT-X-DISCONTINUITY), which ffmpeg makes continuous once it is downloaded"
        } else {
            "--format \(plan.output.rawValue) remuxes the \(plan.source.rawValue.uppercased()) source with ffmpeg once it is downloaded"
        }
        return "-o - cannot stream \(plan.eventID): \(reason); save it to a file instead: -o NAME.\(plan.output.rawValue)"
    }

    static func segments(_ count: Int) -> String {
        count == 1 ? "1 segment" : "\(count) segments"
    }

    static func done(_ plan: ExportPlan, event: Event, outcome: EventExporter.Outcome, wording: ExportWording) -> String {
        let place = outcome.file == ExportDestination.standardOutputURL ? "to standard output" : outcome.file.path
        var text = "saved \(place) (\(ExportProgress.bytes(outcome.bytes)), \(DurationText.clock(plan.duration)))"
        if plan.isPartial { text += "; \(event.id) is still recording: \(wording.rest)" }
        return text
    }

    static func interrupted(_ plan: ExportPlan, kept: ExportJournal.ResumePoint, destination: ExportDestination,
                                   wording: ExportWording) -> String {
        "interrupted: \(kept.piece) of \(plan.pieces.count) pieces kept in \(destination.part.path); \(wording.resume)"
    }
}
