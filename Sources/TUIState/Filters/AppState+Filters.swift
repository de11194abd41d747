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
            mode = .datePrompt(DatePrompt(text: isTimelineShown ? "" : listFilters.untilText ?? ""), over: scene)
        case .pickCamera:
            let cameras = pickableCameras
            guard !cameras.isEmpty else {
                show(noCamerasText, now: now)
                return []
            }
            let names = Dictionary(serverCameras.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
            // The config file's sets first; a server group of the same name is the set's.
            let own = Set(cameraSets.map(\.name))
            let groups = (cameraSets + serverGroups.filter { !own.contains($0.name) })
                .map { CameraPicker.Group(name: $0.name, cameras: $0.cameras.map { names[$0] ?? $0 }) }
            mode = .cameraPicker(CameraPicker(cameras: cameras, groups: groups, current: listFilters.cameras), over: scene)
        case .cycleSeverity:
            guard !severities.isEmpty else {
                show("This server has no severities (Frigate's alerts and detections)", now: now)
                return []
            }
            let next = listFilters.severity.flatMap { severities.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
            let severity = next < severities.count ? severities[next] : nil
            show(severity.map { "Showing \($0)s only" } ?? "Showing every severity", now: now)
            return changeFilters { $0.severity = severity }
        case .pickLabel, .pickZone:
            let kind: ValuePicker.Kind = action == .pickLabel ? .label : .zone
            awaitedPicker = kind
            show("Asking the server for its \(kind.noun)s…", now: now)
            return [.fetchFilterValues(cameras: listFilters.shownCameras)]
        default:
            break
        }
        return []
    }

    /// Typing in the `t` prompt. Enter with a date the list can use reloads; a bad one keeps the
    /// prompt and the text, with the reason in place of the hint; Enter on nothing clears the time.
    mutating func applyToDatePrompt(_ action: UserAction, now: ContinuousClock.Instant, date: Date = Date(),
                                    calendar: Calendar = .current) -> [AppEffect] {
        guard var prompt = datePrompt else { return [] }
        switch action {
        case .insertText(let text): prompt.text += text; prompt.errorText = nil
        case .deleteBackward: _ = prompt.text.popLast(); prompt.errorText = nil
        case .clearField: prompt.text = ""; prompt.errorText = nil
        case .cancel, .back, .quitOrBack: closeToScene(); return []
        case .submit:
            let text = prompt.text.trimmingCharacters(in: .whitespaces)
            if text.isEmpty {
                closeToScene()
                if isTimelineShown { return moveTimelineCursor(to: date, calendar: calendar) }
                return changeFilters { $0.until = nil; $0.untilText = nil }
            }
            do {
                let query = try DateQuery(text)
                let until = query.resolve(now: date, calendar: calendar)
                closeToScene()
                if isTimelineShown { return moveTimelineCursor(to: until, calendar: calendar) }
                return changeFilters { $0.until = until; $0.untilText = query.text }
            } catch {
                prompt.errorText = UserFacing.sentence(error.description)
            }
        default:
            return []
        }
        mode = .datePrompt(prompt, over: scene)
        return []
    }

    /// The `c` picker: Up/Down (as `select`), Enter picks and reloads, Esc or q closes.
    mutating func applyToCameraPicker(_ action: UserAction) -> [AppEffect] {
        guard var picker = cameraPicker else { return [] }
        switch action {
        case .select(let index):
            picker.selectedIndex = max(0, min(picker.count - 1, index))
            mode = .cameraPicker(picker, over: scene)
        case .submit:
            closeToScene()
            let choice = picker.choice
            guard choice != listFilters.cameras else { return [] }
            return changeFilters { $0.cameras = choice }
        case .cancel, .back, .quitOrBack:
            closeToScene()
        default:
            break
        }
        return []
    }

    /// The server's labels and zones came: the picker `o` or `z` asked for opens on them (with the
    /// value in force marked), unless something else took the screen meanwhile; none to offer is
    /// said on the message line instead of an empty picker.
    mutating func filterValuesLoaded(_ values: FilterValues, now: ContinuousClock.Instant) -> [AppEffect] {
        guard let kind = awaitedPicker else { return [] }
        awaitedPicker = nil
        // Only over the list and the player: anything else that took the screen meanwhile keeps it.
        guard case .scene(let scene) = mode, !isTimelineShown else { return [] }
        let offered = kind == .label ? values.labels : values.zones
        let current = kind == .label ? listFilters.label : listFilters.zone
        guard !offered.isEmpty || current != nil else {
            show(noValuesText(kind), now: now)
            return []
        }
        message = nil
        mode = .valuePicker(ValuePicker(kind, values: offered, current: current), over: scene)
        return []
    }

    /// The values could not be had: said on the message line.
    mutating func filterValuesFailed(_ text: String, now: ContinuousClock.Instant) {
        guard let kind = awaitedPicker else { return }
        awaitedPicker = nil
        show("Cannot list the server's \(kind.noun)s: \(text)", now: now)
    }

    /// Why `o` or `z` opens nothing.
    func noValuesText(_ kind: ValuePicker.Kind) -> String {
        if listFilters.shownCameras != nil { return "No \(kind.noun)s on the cameras shown (c shows every camera)" }
        return kind == .label ? "This server has no labels to filter by (Frigate's objects: person, car…)"
            : "This server has no zones to filter by (Frigate's zones of its cameras)"
    }

    /// The `o` or `z` picker: Up/Down (as `select`), Enter picks and reloads, Esc or q closes.
    mutating func applyToValuePicker(_ action: UserAction) -> [AppEffect] {
        guard var picker = valuePicker else { return [] }
        switch action {
        case .select(let index):
            picker.selectedIndex = max(0, min(picker.count - 1, index))
            mode = .valuePicker(picker, over: scene)
        case .submit:
            closeToScene()
            let choice = picker.choice
            guard choice != picker.current else { return [] }
            return changeFilters { filters in
                switch picker.kind {
                case .label: filters.label = choice
                case .zone: filters.zone = choice
                }
            }
        case .cancel, .back, .quitOrBack:
            closeToScene()
        default:
            break
        }
        return []
    }

    /// The picker's cameras: the server's in its order (then any other seen), else those seen by name,
    /// with the one in force kept.
    var pickableCameras: [String] {
        let seen = knownCameras.union(listFilters.camera.map { [$0] } ?? [])
        let ordered = serverCameras.map(\.name)
        let listed = Set(ordered)
        return ordered + seen.filter { !listed.contains($0) }.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
    }

    /// Why there is nothing to pick from (`c`) or to put side by side (`M`).
    var noCamerasText: String {
        isLoading ? "Cameras are known once events have loaded" : "No cameras known yet: no events loaded"
    }

    /// Cameras seen in loaded pages (there is no cameras endpoint); kept across reloads, so the
    /// picker still offers the others while one camera is shown.
    mutating func noteCameras(_ events: [Event]) {
        knownCameras.formUnion(events.map(\.cameraName))
    }

    private mutating func changeFilters(_ change: (inout ListFilters) -> Void) -> [AppEffect] {
        change(&listFilters)
        return beginRefresh()
    }
}
