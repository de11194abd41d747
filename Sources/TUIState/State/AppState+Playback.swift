import AppCore
import EventsAPI
import Foundation
import PlaybackStates
import Player
import TUI

extension AppState {
    /// Enter on the list: starts the selected event as a new playback (the newest request wins)
    /// and focuses the player.
    mutating func playSelected(now: ContinuousClock.Instant) -> [AppEffect] {
        guard let event = selectedEvent else { return [] }
        lastPlaybackID += 1
        let id = PlaybackID(rawValue: lastPlaybackID)
        playback = PlaybackModel(event: event, id: id, isLive: event.isLive(at: Date()))
        focus = .player
        error = nil
        show("Opening \(event.cameraName)…", now: now)
        return [.startPlayback(event, id: id, startAt: 0)]
    }

    /// Player keys; they do nothing until something is loaded (or while it is being prepared).
    mutating func applyToPlayer(_ action: UserAction, now: ContinuousClock.Instant) -> [AppEffect] {
        guard var model = playback, !model.isPreparing else { return [] }
        defer { playback = model }
        switch action {
        case .play:
            model.pendingSeekTarget = nil
            model.showsFrameTime = false
            return [.player(.play)]
        case .togglePause:
            model.showsFrameTime = false   // resumes after frame steps (a step itself plays one frame)
            return [.player(.togglePause)]
        case .stop: return [.player(.stop)]
        case .toggleMute: return [.player(.toggleMute)]
        case .volume(let delta):
            volume = max(0, min(130, volume + delta))
            return [.player(.setVolume(Double(volume)))]
        case .seekBy(let delta): return seek(&model, to: model.target(by: delta))
        case .seekToStart: return seek(&model, to: 0)
        case .seekToEnd:
            guard let duration = model.duration else { return [] }
            return seek(&model, to: max(0, duration - 1))
        case .seek(let fraction):
            guard let duration = model.duration else { return [] }
            return seek(&model, to: model.clamp(duration * max(0, min(1, fraction))))
        default: return []
        }
    }

    private func seek(_ model: inout PlaybackModel, to target: Double) -> [AppEffect] {
        model.pendingSeekTarget = target
        return [.player(.seek(to: target))]
    }

    /// An update of a playback; those of a playback that is no longer current are dropped.
    mutating func apply(_ update: PlaybackUpdate, now: ContinuousClock.Instant) -> [AppEffect] {
        guard var model = playback, model.id == update.id else { return [] }
        switch update.kind {
        case .preparing:
            model.isPreparing = true
            model.finish = nil
            Self.startPreparing(&model, now: now)
        case .loaded:
            model.isPreparing = false
            model.preparingSince = nil
        case .refreshing(let denied):
            show("Refreshing access… (\(denied.status) at \(PlaybackProgress.clock(denied.position)))", now: now)
        case .player(.screenshot(let path, let error)):
            snapshotSaved(path: path, error: error, now: now)
        case .player(let kind):
            apply(kind, to: &model)
        case .timeline(let timeline):
            model.timeline = timeline
        case .downloadRate(let rate):
            Self.showDownloadRate(rate, in: &model, now: now)
        case .notice(let text):
            show(UserFacing.sentence(text), now: now)
        case .finished(let reason):
            if model.isPreparing { model.load = .unknown }
            model.isPreparing = false
            model.preparingSince = nil
            model.finish = reason
            model.pendingSeekTarget = nil
            if case .error(let text) = reason { error = "Playback failed: \(text)" }
            playback = model
            return playbackFinished(reason, now: now)
        }
        playback = model
        return []
    }

    private mutating func apply(_ update: PlayerUpdate.Kind, to model: inout PlaybackModel) {
        switch update {
        case .playback(let state):
            model.playback = state
            if !model.isSeeking { model.pendingSeekTarget = nil }
        case .load(let state): model.load = state
        case .progress(let progress):
            model.position = progress.position
            model.duration = progress.duration
            model.bufferedAhead = progress.bufferedAhead
            if let target = model.pendingSeekTarget, !model.isSeeking, abs(target - progress.position) < 0.75 {
                model.pendingSeekTarget = nil
            }
        case .audio(let isMuted, let level):
            muted = isMuted
            volume = Int(level.rounded())
        case .firstFrame:
            model.finish = nil
            message = nil   // "Opening …" / "Refreshing access…" are done
        default:
            break   // finishes and refusals reach us as the playback session's own updates
        }
    }
}
