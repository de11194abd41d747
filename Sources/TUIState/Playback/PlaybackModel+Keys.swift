import AppCore
import EventsAPI
import PlaybackStates
import Player
import TUI

/// The player keys, as the playback's own reducer: transport, seeks (to a moment, the start, the
/// end, the alarm frames), the volume, frame steps (mpv's `.` and `,`: one frame forward or back,
/// then paused; the slider shows the exact position in hundredths until playback resumes) and `S`
/// (the current frame as a PNG under the pictures folder, see ``SnapshotFile``). They send the
/// playback commands and change only the model's view state.
extension PlaybackModel {
    /// Enter on the list (or `>`): this new playback starts at `startAt`; the message line says
    /// it opens.
    func start(at startAt: Double = 0, status: inout StatusLine, now: ContinuousClock.Instant) -> [AppEffect] {
        status.error = nil
        status.show("Opening \(event.cameraName)…", now: now)
        return [.startPlayback(event, id: id, startAt: startAt)]
    }

    /// Player keys; they do nothing while the playback is being prepared. `player` keeps the
    /// volume (the session's, kept across events).
    mutating func reduce(_ action: UserAction, player: inout PlayerSettings, status: inout StatusLine,
                         now: ContinuousClock.Instant) -> [AppEffect] {
        guard !isPreparing else { return [] }
        switch action {
        case .play:
            pendingSeekTarget = nil
            showsFrameTime = false
            return [.player(.play)]
        case .togglePause:
            showsFrameTime = false   // resumes after frame steps (a step itself plays one frame)
            return [.player(.togglePause)]
        case .stop: return [.player(.stop)]
        case .toggleMute: return [.player(.toggleMute)]
        case .volume(let delta): return player.changeVolume(by: delta)
        case .seekBy(let delta): return seek(to: target(by: delta))
        case .seekToStart: return seek(to: 0)
        case .seekToEnd:
            guard let duration else { return [] }
            return seek(to: max(0, duration - 1))
        case .seek(let fraction):
            guard let duration else { return [] }
            return seek(to: clamp(duration * max(0, min(1, fraction))))
        case .seekToHighestScore:
            guard let best = alarms.highest?.offset else {
                status.show(Self.noAlarmsText(event), now: now)
                return []
            }
            status.show("The highest-scoring moment: \(DurationText.clock(best))", now: now)
            return seek(to: clamp(best))
        case .seekToAlarm(let forward):
            guard !alarms.isEmpty else {
                status.show(Self.noAlarmsText(event), now: now)
                return []
            }
            let position = pendingSeekTarget ?? self.position
            guard let target = forward ? alarms.next(after: position) : alarms.previous(before: position) else {
                status.show(forward ? "No alarm after this moment" : "No alarm before this moment", now: now)
                return []
            }
            return seek(to: clamp(target))
        default: return []
        }
    }

    /// Why `J` and PgUp/PgDn have nowhere to go.
    static func noAlarmsText(_ event: Event) -> String {
        event.score == nil ? "This server scores no frames (ZoneMinder's alarm frames)"
            : "No alarm frames in this event (a Record monitor has none; Modect and Mocord do)"
    }

    private mutating func seek(to target: Double) -> [AppEffect] {
        pendingSeekTarget = target
        return [.player(.seek(to: target))]
    }

    /// There is a picture to step through or save: loaded, not stopped, not failed.
    var hasPicture: Bool {
        !isPreparing && (finish == nil || finish == .ended) && playback != .stopped
    }

    /// `.` / `,`: one frame forward or back, then paused.
    mutating func frameStep(forward: Bool) -> [AppEffect] {
        guard hasPicture else { return [] }
        showsFrameTime = true
        pendingSeekTarget = nil
        return [.player(.frameStep(forward: forward))]
    }

    /// `S`: the current frame of `model` (the current playback, if any); the message line says
    /// why there is none. The player's answer is ``PlayerUpdate/Kind/screenshot(path:error:)``.
    static func saveSnapshot(of model: PlaybackModel?, status: inout StatusLine, now: ContinuousClock.Instant) -> [AppEffect] {
        guard let model, model.hasPicture else {
            status.show("No snapshot: nothing is playing", now: now)
            return []
        }
        return [.saveSnapshot(model.event, id: model.id, position: model.position)]
    }
}
