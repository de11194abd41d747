import EventsAPI
import Foundation
import TUI

extension AppState {
    /// Enter on the list: starts the selected event (the newest request wins) and focuses the player.
    mutating func playSelected(now: ContinuousClock.Instant) -> [AppEffect] {
        guard let event = selectedEvent else { return [] }
        playbackGeneration += 1
        var effects: [AppEffect] = playback == nil ? [] : [.unload]
        playback = PlaybackModel(event: event, generation: playbackGeneration, isLive: event.isLive(at: Date()))
        focus = .player
        error = nil
        show("Opening \(event.cameraName)…", now: now)
        effects.append(.prepare(event, generation: playbackGeneration, refreshTokens: false, startAt: 0))
        return effects
    }

    /// Player keys; they do nothing until something is loaded (or while it is being prepared).
    mutating func applyToPlayer(_ action: UserAction, now: ContinuousClock.Instant) -> [AppEffect] {
        guard var model = playback, !model.isPreparing else { return [] }
        defer { playback = model }
        switch action {
        case .play:
            model.pendingSeekTarget = nil
            return [.player(.play)]
        case .togglePause: return [.player(.togglePause)]
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

    /// An update from the player for the current playback.
    mutating func apply(_ update: MPVUpdate.Kind, now: ContinuousClock.Instant) -> [AppEffect] {
        guard var model = playback else { return [] }
        var effects: [AppEffect] = []
        switch update {
        case .playback(let state):
            model.kind = PlayerMapping.kind(state)
            if !model.isSeeking { model.pendingSeekTarget = nil }
        case .load(let state): model.load = PlayerMapping.load(state)
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
        case .finished(let reason):
            model.finish = PlayerMapping.finish(reason)
            model.pendingSeekTarget = nil
            if case .error(let text) = reason { error = "Playback failed: \(text)" }
        case .accessDenied(let denied):
            show("Refreshing access…", now: now)
            model.isPreparing = true
            effects.append(.prepare(model.event, generation: model.generation, refreshTokens: true, startAt: denied.position))
        }
        playback = model
        return effects
    }
}
