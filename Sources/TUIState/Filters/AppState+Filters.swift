import AppCore
import EventsAPI
import Foundation
import TUI

/// `t` (jump to a date), `c` (camera), `s` (severity), `o` (label) and `z` (zone): server-side
/// filters; each change reloads the list from the first page with ``ListFilters/eventFilter``.
extension AppState {
    /// `t` opens the prompt (with the time in force, if any, to edit); `c` opens the picker; `s`
    /// cycles the severity; `o` and `z` ask the server what it offers, and their picker opens when
    /// the values come (``filterValuesLoaded(_:now:)``).
    mutating func applyFilterKey(_ action: UserAction, now: ContinuousClock.Instant) -> [AppEffect] {
        switch action {
        case .jumpToDate:
            mode = .datePrompt(DatePrompt(text: isTimelineShown ? "" : filters.untilText ?? ""), over: scene)
        case .pickCamera:
            let cameras = pickableCameras
            guard !cameras.isEmpty else {
                show(noCamerasText, now: now)
                return []
            }
            let names = Dictionary(catalogue.serverCameras.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
            // The config file's sets first; a server group of the same name is the set's.
            let own = Set(catalogue.cameraSets.map(\.name))
            let groups = (catalogue.cameraSets + catalogue.serverGroups.filter { !own.contains($0.name) })
                .map { CameraPicker.Group(name: $0.name, cameras: $0.cameras.map { names[$0] ?? $0 }) }
            mode = .cameraPicker(CameraPicker(cameras: cameras, groups: groups, current: filters.cameras), over: scene)
        case .cycleSeverity:
            guard !catalogue.severities.isEmpty else {
                show("This server has no severities (Frigate's alerts and detections)", now: now)
                return []
            }
            let next = filters.severity.flatMap { catalogue.severities.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
            let severity = next < catalogue.severities.count ? catalogue.severities[next] : nil
            show(severity.map { "Showing \(EventFilter.severityNoun($0)) only" } ?? "Showing every severity", now: now)
            return changeFilters { $0.severity = severity }
        case .pickLabel, .pickZone:
            let kind: ValuePicker.Kind = action == .pickLabel ? .label : .zone
            catalogue.awaitedPicker = kind
            show("Asking the server for its \(kind.noun)s…", now: now)
            return [.fetchFilterValues(cameras: filters.shownCameras)]
        default:
            break
        }
        return []
    }

    /// The `t` prompt's keys (``DatePrompt/reduce(_:now:calendar:)``): a date moves the timeline's
    /// cursor when the timeline is shown, else sets the list's time and reloads; Enter on nothing
    /// clears it (the timeline goes to now).
    mutating func applyToDatePrompt(_ action: UserAction, now: ContinuousClock.Instant, date: Date = Date(),
                                    calendar: Calendar = .current) -> [AppEffect] {
        guard var prompt = datePrompt else { return [] }
        let outcome = prompt.reduce(action, now: date, calendar: calendar)
        switch outcome {
        case .stays:
            mode = .datePrompt(prompt, over: scene)
            return []
        case .closed:
            closeToScene()
            return []
        case .cleared:
            closeToScene()
            if isTimelineShown { return moveTimelineCursor(to: date, calendar: calendar) }
            return changeFilters { $0.until = nil; $0.untilText = nil }
        case .chose(let until, let text):
            closeToScene()
            if isTimelineShown { return moveTimelineCursor(to: until, calendar: calendar) }
            return changeFilters { $0.until = until; $0.untilText = text }
        }
    }

    /// The `c` picker's keys (``Picking``): a new choice reloads the list.
    mutating func applyToCameraPicker(_ action: UserAction) -> [AppEffect] {
        guard let picker = cameraPicker,
              case .chose(let choice) = reduce(picker: picker, action, reopen: Mode.cameraPicker),
              choice != filters.cameras else { return [] }
        return changeFilters { $0.cameras = choice }
    }

    /// The server's labels and zones came: the picker `o` or `z` asked for opens on them (with the
    /// value in force marked), unless something else took the screen meanwhile; none to offer is
    /// said on the message line instead of an empty picker.
    mutating func filterValuesLoaded(_ values: FilterValues, now: ContinuousClock.Instant) -> [AppEffect] {
        guard let kind = catalogue.awaitedPicker else { return [] }
        catalogue.awaitedPicker = nil
        // Only over the list and the player: anything else that took the screen meanwhile keeps it.
        guard case .scene(let scene) = mode, !isTimelineShown else { return [] }
        let offered: [ValuePicker.Value] = switch kind {
        case .label: values.labels.map(ValuePicker.Value.label) + values.subLabels.map(ValuePicker.Value.face)
            + values.plates.map(ValuePicker.Value.plate)
        case .zone: values.zones.map(ValuePicker.Value.zone)
        }
        let current = kind == .label ? filters.labelChoice : filters.zone.map(ValuePicker.Value.zone)
        guard !offered.isEmpty || current != nil else {
            show(noValuesText(kind), now: now)
            return []
        }
        status.message = nil
        mode = .valuePicker(ValuePicker(kind, values: offered, current: current), over: scene)
        return []
    }

    /// The values could not be had: said on the message line.
    mutating func filterValuesFailed(_ text: String, now: ContinuousClock.Instant) {
        guard let kind = catalogue.awaitedPicker else { return }
        catalogue.awaitedPicker = nil
        show("Cannot list the server's \(kind.noun)s: \(text)", now: now)
    }

    /// Why `o` or `z` opens nothing.
    func noValuesText(_ kind: ValuePicker.Kind) -> String {
        if filters.shownCameras != nil { return "No \(kind.noun)s on the cameras shown (c shows every camera)" }
        return kind == .label ? "This server has no labels to filter by (Frigate's objects: person, car…)"
            : "This server has no zones to filter by (Frigate's zones of its cameras)"
    }

    /// The `o` or `z` picker's keys (``Picking``): a new choice reloads the list.
    mutating func applyToValuePicker(_ action: UserAction) -> [AppEffect] {
        guard let picker = valuePicker,
              case .chose(let choice) = reduce(picker: picker, action, reopen: Mode.valuePicker),
              choice != picker.current else { return [] }
        return changeFilters { filters in
            switch picker.kind {
            case .label: filters.labelChoice = choice
            case .zone: if case .zone(let zone)? = choice { filters.zone = zone } else { filters.zone = nil }
            }
        }
    }

    /// The picker's cameras: the server's in its order (then any other seen), else those seen by name,
    /// with the one in force kept.
    var pickableCameras: [String] {
        let seen = catalogue.knownCameras.union(filters.camera.map { [$0] } ?? [])
        let ordered = catalogue.serverCameras.map(\.name)
        let listed = Set(ordered)
        return ordered + seen.filter { !listed.contains($0) }.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
    }

    /// Why there is nothing to pick from (`c`) or to put side by side (`M`).
    var noCamerasText: String {
        list.isLoading ? "Cameras are known once events have loaded" : "No cameras known yet: no events loaded"
    }

    /// Cameras seen in loaded pages (there is no cameras endpoint); kept across reloads, so the
    /// picker still offers the others while one camera is shown.
    mutating func noteCameras(_ events: [Event]) {
        catalogue.knownCameras.formUnion(events.map(\.cameraName))
    }

    private mutating func changeFilters(_ change: (inout ListFilters) -> Void) -> [AppEffect] {
        change(&filters)
        return beginRefresh()
    }
}
