import AppCore
import Foundation
import PlaybackStates
import TUI

/// The montage's keys, as the montage's own reducer: what only changes the montage (its page, one
/// tile alone, its speed) happens here, and what needs the rest of the program comes back as an
/// ``Outcome`` that `AppState` carries out (a message, new tiles, closing to the scene under it).
extension MontageModel {
    /// What a key did to the montage.
    enum Outcome {
        /// Commands for the playing montage (none when only the model changed).
        case commands([MontageCommand])
        /// A note for the status line (nothing changed).
        case message(String)
        /// The page changed: its tiles start at `moment` (paused if the montage was).
        case newPage(at: Date, paused: Bool)
        /// Esc on the grid: the montage closes.
        case close
        /// Not the montage's key (help, the request log, quit, suspend): the rest of the program's.
        case notMine
        /// Enter in a live montage: the montage closes and `camera`'s latest event plays.
        case openLatestEvent(camera: String)
    }

    /// Applies one key (the overlay layer took its own before).
    ///
    /// ```swift
    /// var model = MontageModel(cameras: ["A", "B", "C", "D", "E"], origin: .list, moment: t, events: [], now: t)
    /// model.reduce(.montagePage(1))   // .newPage(at: t, paused: false); model.pageCameras == ["E"]
    /// ```
    mutating func reduce(_ action: UserAction) -> Outcome {
        if isLive, let outcome = reduceLive(action) { return outcome }
        switch action {
        case .togglePause: return .commands([.togglePause])
        case .seekBy(let seconds): return .commands([.seek(by: seconds)])
        case .multiplySpeed(let factor): return changeSpeed(to: speed.value * factor)
        case .resetSpeed: return changeSpeed(to: 1)
        case .frameStep(let forward): return .commands([.frameStep(forward: forward)])
        case .toggleMute: return .commands([.setMuted(!(snapshot?.isMuted ?? false))])
        case .montageFocusNext: return .commands([.focusNext])
        case .play:
            if pageCameras.count > 1 { isSolo = true }
            return .commands([])
        case .montagePage(let delta):
            let next = page + delta
            guard next >= 0, next < pageCount else {
                return .message(pageCount == 1 ? "Every camera is on this page" : delta < 0 ? "First cameras" : "Last cameras")
            }
            page = next
            isSolo = false
            let moment = snapshot?.wallTime ?? self.moment
            let paused = snapshot?.isPaused ?? false
            snapshot = nil
            return .newPage(at: moment, paused: paused)
        case .back, .quitOrBack:
            guard isSolo else { return .close }
            isSolo = false
            return .commands([])
        case .toggleHelp, .toggleRequestLog, .quit, .suspend, .resume: return .notMine
        default: return .commands([])
        }
    }

    /// The keys a live montage takes otherwise: Enter opens the heard tile's camera's latest
    /// event; what needs a recording says there is none.
    private func reduceLive(_ action: UserAction) -> Outcome? {
        switch action {
        case .play:
            let heard = snapshot?.tiles.first(where: \.isFocused)?.camera ?? pageCameras.first
            return heard.map { .openLatestEvent(camera: $0) } ?? .commands([])
        case .seekBy, .multiplySpeed, .resetSpeed, .frameStep:
            return .message("Live pictures have no recording to seek in, slow down or step through")
        default:
            return nil
        }
    }

    private mutating func changeSpeed(to value: Double) -> Outcome {
        let changed = PlaybackSpeed(value)
        guard changed != speed else {
            return .message(value < speed.value ? "Slowest speed: \(changed.text)" : "Fastest speed: \(changed.text)")
        }
        speed = changed
        return .commands([.setSpeed(changed.value)])
    }
}
