import EventsAPI
import Foundation
import PlaybackStates
import SystemSupport

/// `i`: everything known about one event, in a box over the screen (``AppState/Mode/details(_:over:)``):
/// the event as listed at once, then what the server adds (``EventBackend/details(of:)``: tracked
/// objects with their scores, alarm frames, further fields). Every line is server text made
/// printable (``TerminalText``); Esc or `q` closes it, the navigation keys scroll it.
struct EventDetailsView: Sendable, Equatable {
    var event: Event
    /// The server's answer; nil while it is on the way (or when it failed: ``failure``).
    var details: EventDetails?
    var failure: String?

    /// What the rest of the model knows of the event, for the lines.
    struct Known: Sendable {
        var isReviewed: Bool
        var isMarkPending: Bool
        var keepName: String?
        var isKeepPending: Bool
    }

    /// The box's lines: headings (no leading space) and indented values; long values are wrapped
    /// by the view.
    func lines(known: Known, now: Date, calendar: Calendar) -> [String] {
        let event = details?.event ?? self.event
        func text(_ value: String) -> String { TerminalText.printable(value) }
        var lines = [text("\(event.cameraName) · \(event.title ?? event.id)")]
        var when = "  " + WallTimeText.start(event.startTime, now: now, calendar: calendar)
        when += event.isLive(at: now) ? " · live" : event.duration.map { " · " + DurationText.clock($0) } ?? ""
        lines.append(when + " · " + text(event.bucket) + " · id " + text(event.id))
        var state = known.isReviewed ? "reviewed" : "not reviewed"
        if known.isMarkPending { state += " (not on the server yet)" }
        if let name = known.keepName {
            state += " · " + (event.kept == true ? "kept (\(name))" : "not kept (K keeps it: \(name))")
            if known.isKeepPending { state += " · asking the server…" }
        }
        lines.append("  " + state)
        if let score = event.score { lines.append("  score \(score)") }

        if let description = event.description {
            lines += ["", "Description"]
            if let title = description.title { lines.append("  " + text(title)) }
            if let threat = description.threatLevel {
                lines.append("  threat: " + EventDescription.threatText(threat)
                    + (description.confidence.map { String(format: " · confidence %.0f%%", $0 * 100) } ?? ""))
            }
            if let scene = description.scene { lines.append("  " + text(scene)) }
            if let summary = description.summary { lines.append("  Summary: " + text(summary)) }
            for concern in description.otherConcerns ?? [] { lines.append("  Concern: " + text(concern)) }
        }

        let seen: [(String, [String]?)] = [("Labels", event.labels), ("Zones", event.zones), ("Faces", event.subLabels),
                                           ("Plates", event.plates)]
        let present = seen.filter { !($0.1 ?? []).isEmpty }
        if !present.isEmpty {
            lines += ["", "Seen"]
            for (name, values) in present { lines.append("  \(name): " + (values ?? []).map(text).joined(separator: ", ")) }
        }

        if let details {
            if !details.objects.isEmpty {
                lines += ["", "Objects"]
                for object in details.objects {
                    var line = "  " + text(object.label)
                    if let score = object.score { line += String(format: " %.0f%%", score * 100) }
                    if let face = object.subLabel { line += " · " + text(face) }
                    if let plate = object.plate { line += " · plate " + text(plate) }
                    if !object.zones.isEmpty { line += " · in " + object.zones.map(text).joined(separator: ", ") }
                    lines.append(line)
                    if let description = object.description { lines.append("    " + text(description)) }
                }
            }
            if !details.alarmFrames.isEmpty {
                let best = details.alarmFrames.max { $0.score < $1.score }
                lines += ["", "Alarm frames"]
                lines.append("  \(details.alarmFrames.count) alarm frame\(details.alarmFrames.count == 1 ? "" : "s")"
                    + (best.map { " · highest score \($0.score) at \(DurationText.clock($0.offset)) (J jumps there)" } ?? ""))
            }
            if let coverage = details.coverage {
                lines += ["", "Recording around it"]
                lines += Self.coverageLines(coverage, event: event, calendar: calendar)
            }
            if !details.fields.isEmpty {
                lines += ["", "From the server"]
                for field in details.fields { lines.append("  " + text(field.name) + ": " + text(field.value)) }
            }
        } else if let failure {
            lines += ["", "  The server's details could not be had: " + text(failure)]
        } else {
            lines += ["", "  Asking the server for more…"]
        }
        return lines
    }

    /// The camera's recording within ten minutes of the event: "13:52–14:31 (the whole event)",
    /// or each span, or "none from 13:50 to 14:20".
    static func coverageLines(_ coverage: EventDetails.Coverage, event: Event, calendar: Calendar) -> [String] {
        func time(_ date: Date) -> String { WallTimeText.timeOfDay(date, calendar: calendar, seconds: false) }
        let spans = coverage.spans.filter { $0.end > coverage.window.lowerBound && $0.start < coverage.window.upperBound }
        guard !spans.isEmpty else {
            return ["  none from \(time(coverage.window.lowerBound)) to \(time(coverage.window.upperBound))"]
        }
        let end = event.endTime ?? coverage.window.upperBound
        return spans.map { span in
            let whole = span.start <= event.startTime && span.end >= end ? " (the whole event)" : ""
            return "  \(time(max(span.start, coverage.window.lowerBound)))–\(time(min(span.end, coverage.window.upperBound)))\(whole)"
        }
    }
}
