import PlaybackStates
import EventsAPI
import Foundation
import SystemSupport
import TUI

/// The server-side filters of the TUI's list: which cameras (`c`: one, or a camera group of the
/// server's), which severity (`s`, on a server that has them: Frigate's alerts and detections),
/// which label and zone (`o`, `z`, from what the server offers: Frigate's objects and zones) and
/// a time to list back from (`t`). The list stays newest first, so "until 14:00 yesterday" puts the
/// last event before 14:00 yesterday at the top and older ones below it, as the API pages them.
///
/// ```swift
/// var filters = ListFilters()
/// filters.cameras = .camera("Front Door")
/// filters.until = try DateQuery("yesterday 18:00").resolve(now: .now)
/// filters.eventFilter   // EventFilter(camera: "Front Door", until: 18:00 yesterday)
/// filters.text(now: .now, calendar: .current)   // "camera: Front Door · until Yesterday 18:00"
/// ```
struct ListFilters: Sendable, Equatable {
    /// Which cameras the list, the timeline's lanes and the montage show.
    enum Cameras: Sendable, Equatable {
        case all
        /// One camera (its name as shown).
        case camera(String)
        /// A camera group of the server's, with its cameras' names as shown.
        case group(name: String, cameras: [String])
    }

    var cameras = Cameras.all
    /// Only events that started before this moment; nil for up to now.
    var until: Date?
    /// What was typed for ``until`` (`yesterday 18:00`), offered again when `t` reopens the prompt.
    var untilText: String?
    /// Only this severity (Frigate: `alert`, `detection`); nil for all.
    var severity: String?
    /// Only events with this label (Frigate: an object or sound, `person`, `car`); nil for all.
    var label: String?
    /// Only events in this zone (Frigate: `porch`); nil for all.
    var zone: String?
    /// Only events with this recognised face (Frigate's sub-label); nil for all.
    var face: String?
    /// Only events with this recognised licence plate (Frigate); nil for all.
    var plate: String?

    /// What the `o` picker set: a label, a face or a plate (one at a time); nil for all.
    var labelChoice: ValuePicker.Value? {
        get {
            if let label { return .label(label) }
            if let face { return .face(face) }
            return plate.map(ValuePicker.Value.plate)
        }
        set {
            (label, face, plate) = (nil, nil, nil)
            switch newValue {
            case .label(let text)?: label = text
            case .face(let text)?: face = text
            case .plate(let text)?: plate = text
            case .zone?, nil: break
            }
        }
    }

    /// The one camera chosen, if one is.
    var camera: String? {
        if case .camera(let name) = cameras { name } else { nil }
    }

    /// The cameras a lane or tile may show: nil for every camera.
    var shownCameras: [String]? {
        switch cameras {
        case .all: nil
        case .camera(let name): [name]
        case .group(_, let names): names
        }
    }

    var isEmpty: Bool { cameras == .all && until == nil && severity == nil && label == nil && zone == nil && face == nil && plate == nil }

    /// The query the backend gets.
    var eventFilter: EventFilter {
        var filter = EventFilter(camera: camera, until: until, labels: label.map { [$0] }, zones: zone.map { [$0] })
        filter.setSeverity(severity)
        filter.subLabel = face
        filter.plate = plate
        if case .group(_, let names) = cameras { filter.cameras = names }
        return filter
    }

    /// For the header; "" when no filter is set.
    func text(now: Date, calendar: Calendar) -> String {
        var parts: [String] = []
        switch cameras {
        case .all: break
        case .camera(let name): parts.append("camera: \(name)")
        case .group(let name, _): parts.append("group: \(name)")
        }
        if let severity { parts.append("\(EventFilter.severityNoun(severity)) only") }
        // Label and zone are the server's words: shown escaped.
        if let label { parts.append("label: \(TerminalText.printable(label))") }
        if let zone { parts.append("zone: \(TerminalText.printable(zone))") }
        if let face { parts.append("face: \(TerminalText.printable(face))") }
        if let plate { parts.append("plate: \(TerminalText.printable(plate))") }
        if let until { parts.append("until \(WallTimeText.start(until, now: now, calendar: calendar))") }
        return parts.joined(separator: " · ")
    }
}
