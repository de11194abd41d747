import AppCore
import EventsAPI
import Foundation
import TUI

/// `t` (jump to a date) and `c` (camera): server-side filters; each change reloads the list from
/// the first page with ``ListFilters/eventFilter``.
extension AppState {
    /// `t` opens the prompt (with the time in force, if any, to edit); `c` opens the picker.
    mutating func applyFilterKey(_ action: UserAction, now: ContinuousClock.Instant) -> [AppEffect] {
        switch action {
        case .jumpToDate:
            datePrompt = DatePrompt(text: isTimelineShown ? "" : listFilters.untilText ?? "")
        case .pickCamera:
            let cameras = knownCameras.union(listFilters.camera.map { [$0] } ?? []).sorted {
                $0.localizedStandardCompare($1) == .orderedAscending
            }
            guard !cameras.isEmpty else {
                show(noCamerasText, now: now)
                return []
            }
            cameraPicker = CameraPicker(cameras: cameras, current: listFilters.camera)
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
        case .cancel, .back, .quitOrBack: datePrompt = nil; return []
        case .submit:
            let text = prompt.text.trimmingCharacters(in: .whitespaces)
            if text.isEmpty {
                datePrompt = nil
                if isTimelineShown { return moveTimelineCursor(to: date, calendar: calendar) }
                return changeFilters { $0.until = nil; $0.untilText = nil }
            }
            do {
                let query = try DateQuery(text)
                let until = query.resolve(now: date, calendar: calendar)
                datePrompt = nil
                if isTimelineShown { return moveTimelineCursor(to: until, calendar: calendar) }
                return changeFilters { $0.until = until; $0.untilText = query.text }
            } catch {
                prompt.errorText = UserFacing.sentence(error.description)
            }
        default:
            return []
        }
        datePrompt = prompt
        return []
    }

    /// The `c` picker: Up/Down (as `select`), Enter picks and reloads, Esc or q closes.
    mutating func applyToCameraPicker(_ action: UserAction) -> [AppEffect] {
        guard var picker = cameraPicker else { return [] }
        switch action {
        case .select(let index):
            picker.selectedIndex = max(0, min(picker.cameras.count, index))
            cameraPicker = picker
        case .submit:
            cameraPicker = nil
            let choice = picker.choice
            guard choice != listFilters.camera else { return [] }
            return changeFilters { $0.camera = choice }
        case .cancel, .back, .quitOrBack:
            cameraPicker = nil
        default:
            break
        }
        return []
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
