import AppCore
import EventsAPI
import Foundation
import TUI

/// `t` (jump to a date), `c` (camera), `s` (severity), `o` (label) and `z` (zone): the list's
/// server-side filters as their own reducer. Each change reloads the list from the first page with
/// ``ListFilters/eventFilter``; what opens a prompt or a picker, or asks the server, comes back as
/// an ``ListFilters/Outcome`` for ``AppState`` to carry out.
extension ListFilters {
    /// What a filter key asks of the rest of the program.
    enum Outcome: Equatable {
        /// Nothing changed (the message line may say why).
        case stays
        /// The filters changed: the list reloads from its first page.
        case changed
        /// `t`: the prompt opens (with the time in force, if any, to edit).
        case prompt(DatePrompt)
        /// `c`: the picker opens.
        case cameraPicker(CameraPicker)
        /// `o` or `z`: the server's values are asked for (for ``shownCameras``); the picker opens
        /// when they come (``valuePicker(_:offering:status:now:)``).
        case askValues(ValuePicker.Kind)
    }

    /// `t` opens the prompt (empty on the timeline, where it moves the cursor); `c` opens the
    /// picker of `catalogue`'s cameras (`noCamerasText` says why there are none); `s` cycles the
    /// severity; `o` and `z` ask the server what it offers.
    mutating func reduce(_ action: UserAction, catalogue: ServerCatalogue, onTimeline: Bool, noCamerasText: String,
                         status: inout StatusLine, now: ContinuousClock.Instant) -> Outcome {
        switch action {
        case .jumpToDate:
            return .prompt(DatePrompt(text: onTimeline ? "" : untilText ?? ""))
        case .pickCamera:
            guard let picker = catalogue.cameraPicker(current: cameras, camera: camera) else {
                status.show(noCamerasText, now: now)
                return .stays
            }
            return .cameraPicker(picker)
        case .cycleSeverity:
            let severities = catalogue.severities
            guard !severities.isEmpty else {
                status.show("This server has no severities (Frigate's alerts and detections)", now: now)
                return .stays
            }
            let next = severity.flatMap { severities.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
            severity = next < severities.count ? severities[next] : nil
            status.show(severity.map { "Showing \(EventFilter.severityNoun($0)) only" } ?? "Showing every severity", now: now)
            return .changed
        case .pickLabel, .pickZone:
            let kind: ValuePicker.Kind = action == .pickLabel ? .label : .zone
            status.show("Asking the server for its \(kind.noun)s…", now: now)
            return .askValues(kind)
        default:
            return .stays
        }
    }

    /// The `t` prompt's answer for the list: Enter on a date lists back from it, Enter on nothing
    /// clears the time; false when nothing changed (closed).
    mutating func apply(_ answer: DatePrompt.Outcome) -> Bool {
        switch answer {
        case .stays, .closed: return false
        case .cleared: (until, untilText) = (nil, nil)
        case .chose(let date, let text): (until, untilText) = (date, text)
        }
        return true
    }

    /// The `c` picker's choice; false when it is the one in force.
    mutating func take(_ choice: Cameras) -> Bool {
        guard choice != cameras else { return false }
        cameras = choice
        return true
    }

    /// The `o` or `z` picker's choice (nil: all); false when it is the one in force.
    mutating func take(_ choice: ValuePicker.Value?, from picker: ValuePicker) -> Bool {
        guard choice != picker.current else { return false }
        switch picker.kind {
        case .label: labelChoice = choice
        case .zone: if case .zone(let value)? = choice { zone = value } else { zone = nil }
        }
        return true
    }

    /// The picker `o` or `z` asked for, on the server's labels and zones (with the value in force
    /// marked); none to offer is said on the message line instead of an empty picker.
    func valuePicker(_ kind: ValuePicker.Kind, offering values: FilterValues, status: inout StatusLine,
                     now: ContinuousClock.Instant) -> ValuePicker? {
        let offered: [ValuePicker.Value] = switch kind {
        case .label: values.labels.map(ValuePicker.Value.label) + values.subLabels.map(ValuePicker.Value.face)
            + values.plates.map(ValuePicker.Value.plate)
        case .zone: values.zones.map(ValuePicker.Value.zone)
        }
        let current = kind == .label ? labelChoice : zone.map(ValuePicker.Value.zone)
        guard !offered.isEmpty || current != nil else {
            status.show(noValuesText(kind), now: now)
            return nil
        }
        status.message = nil
        return ValuePicker(kind, values: offered, current: current)
    }

    /// Why `o` or `z` opens nothing.
    func noValuesText(_ kind: ValuePicker.Kind) -> String {
        if shownCameras != nil { return "No \(kind.noun)s on the cameras shown (c shows every camera)" }
        return kind == .label ? "This server has no labels to filter by (Frigate's objects: person, car…)"
            : "This server has no zones to filter by (Frigate's zones of its cameras)"
    }
}
