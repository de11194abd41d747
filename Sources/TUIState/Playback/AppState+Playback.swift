import AppCore
import EventsAPI
import Foundation
import PlaybackProxy
import PlaybackStates
import Player
import TUI

/// The playback in the interactive model: Enter on the list starts one, the player keys (transport,
/// speed, frame steps, snapshot) send it commands, its updates change ``PlaybackModel``, and the
/// status bar's "preparing" count and download rate follow it (sections below).
extension AppState {
    /// Enter on the list: starts the selected event as a new playback (the newest request wins)
    /// and focuses the player.
    mutating func playSelected(now: ContinuousClock.Instant) -> [AppEffect] {
        guard let event = selectedEvent else { return [] }
        player.lastPlaybackID += 1
        let id = PlaybackID(rawValue: player.lastPlaybackID)
        playback = PlaybackModel(event: event, id: id, isLive: event.isLive(at: Date()))
        updateBrowse { $0 = Browse(focus: .player) }
        status.error = nil
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
            return player.changeVolume(by: delta)
        case .seekBy(let delta): return seek(&model, to: model.target(by: delta))
        case .seekToStart: return seek(&model, to: 0)
        case .seekToEnd:
            guard let duration = model.duration else { return [] }
            return seek(&model, to: max(0, duration - 1))
        case .seek(let fraction):
            guard let duration = model.duration else { return [] }
            return seek(&model, to: model.clamp(duration * max(0, min(1, fraction))))
        case .seekToHighestScore:
            guard let best = model.alarms.highest?.offset else {
                show(Self.noAlarmsText(model.event), now: now)
                return []
            }
            show("The highest-scoring moment: \(DurationText.clock(best))", now: now)
            return seek(&model, to: model.clamp(best))
        case .seekToAlarm(let forward):
            guard !model.alarms.isEmpty else {
                show(Self.noAlarmsText(model.event), now: now)
                return []
            }
            let position = model.pendingSeekTarget ?? model.position
            guard let target = forward ? model.alarms.next(after: position) : model.alarms.previous(before: position) else {
                show(forward ? "No alarm after this moment" : "No alarm before this moment", now: now)
                return []
            }
            return seek(&model, to: model.clamp(target))
        default: return []
        }
    }

    /// Why `J` and PgUp/PgDn have nowhere to go.
    static func noAlarmsText(_ event: Event) -> String {
        event.score == nil ? "This server scores no frames (ZoneMinder's alarm frames)"
            : "No alarm frames in this event (a Record monitor has none; Modect and Mocord do)"
    }

    private func seek(_ model: inout PlaybackModel, to target: Double) -> [AppEffect] {
        model.pendingSeekTarget = target
        return [.player(.seek(to: target))]
    }

    /// An update of a playback; those of a playback that is no longer current are dropped.
    mutating func apply(_ update: PlaybackUpdate, now: ContinuousClock.Instant) -> [AppEffect] {
        guard var model = playback, model.id == update.id else { return [] }
        model.session = update.session   // position, duration, finish: the session's alone
        switch update.kind {
        case .preparing:
            model.isPreparing = true
            Self.startPreparing(&model, now: now)
        case .loaded:
            model.isPreparing = false
            model.preparingSince = nil
        case .refreshing(let denied):
            show("Refreshing access… (\(denied.status) at \(DurationText.clock(denied.position)))", now: now)
        case .player(.screenshot(let path, let error)):
            snapshotSaved(path: path, error: error, now: now)
        case .player(let kind):
            apply(kind, to: &model)
        case .timeline(let timeline):
            model.timeline = timeline
        case .resumed:
            break   // the session took "ended" back (its snapshot says so): it plays again after the end
        case .downloadRate(let rate):
            Self.showDownloadRate(rate, in: &model, now: now)
        case .notice(let text):
            show(UserFacing.sentence(text), now: now)
        case .finished(let reason):
            if model.isPreparing { model.load = .unknown }
            model.isPreparing = false
            model.preparingSince = nil
            model.pendingSeekTarget = nil
            if case .error(let text) = reason { status.error = "Playback failed: \(text)" }
            playback = model
            if update.session.eventGone { dropGoneEvent(model.event.id) }
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
        case .progress(let progress):   // position and duration came with the session's snapshot
            model.bufferedAhead = progress.bufferedAhead
            if let target = model.pendingSeekTarget, !model.isSeeking, abs(target - progress.position) < 0.75 {
                model.pendingSeekTarget = nil
            }
        case .audio(let isMuted, let level):
            player.muted = isMuted
            player.volume = Int(level.rounded())
        case .firstFrame:
            status.message = nil   // "Opening …" / "Refreshing access…" are done
        default:
            break   // finishes and refusals reach us as the playback session's own updates
        }
    }
}

// MARK: - Frame steps

/// Frame steps (mpv's `.` and `,`): one frame forward or back, then paused; the slider shows the
/// exact position (hundredths) until playback resumes.
extension AppState {
    mutating func frameStep(forward: Bool) -> [AppEffect] {
        guard var model = playback, !model.isPreparing, model.finish == nil || model.finish == .ended,
              model.playback != .stopped else { return [] }
        model.showsFrameTime = true
        model.pendingSeekTarget = nil
        playback = model
        return [.player(.frameStep(forward: forward))]
    }
}

// MARK: - Snapshot (S)

/// `S`: the current frame as a PNG under the pictures folder (see ``SnapshotFile``); the status
/// line names the file, or says why there is none.
extension AppState {
    mutating func saveSnapshot(now: ContinuousClock.Instant) -> [AppEffect] {
        guard let model = playback, !model.isPreparing, model.finish == nil || model.finish == .ended,
              model.playback != .stopped else {
            show("No snapshot: nothing is playing", now: now)
            return []
        }
        return [.saveSnapshot(model.event, id: model.id, position: model.position)]
    }

    /// The player's answer: where the PNG is, or why it is not.
    mutating func snapshotSaved(path: String, error: String?, now: ContinuousClock.Instant) {
        show(error.map { "No snapshot: \($0)" } ?? "Snapshot saved: \(Self.shortened(path, home: session.home))", now: now)
    }

    /// `path` with the home directory as `~`: `shortened("/home/me/Pictures/x.png", home: "/home/me") == "~/Pictures/x.png"`.
    static func shortened(_ path: String, home: String) -> String {
        let prefix = home.hasSuffix("/") ? String(home.dropLast()) : home
        guard !prefix.isEmpty, path.hasPrefix(prefix + "/") else { return path }
        return "~" + path.dropFirst(prefix.count)
    }
}

// MARK: - Preparing

/// While a playback is prepared (media tokens, then in direct mode the playlist itself, before
/// the player has anything) the status bar shows the same words as while the player opens:
/// "connecting…", then "waiting for the server (N s)", counted by the tick. A slow server is
/// then visibly slow, not "stopped".
extension AppState {
    static func startPreparing(_ model: inout PlaybackModel, now: ContinuousClock.Instant) {
        model.preparingSince = now
        model.load = .connecting(waited: 0)
    }

    /// The tick: the seconds waited so far.
    mutating func countPreparing(now: ContinuousClock.Instant) {
        guard var model = playback, model.isPreparing, let since = model.preparingSince else { return }
        model.load = .connecting(waited: Int((now - since).components.seconds))
        playback = model
    }

    /// When the count next changes (a whole second after the start), while preparing.
    var preparingDeadline: ContinuousClock.Instant? {
        guard let model = playback, model.isPreparing, let since = model.preparingSince,
              case .connecting(let waited) = model.load else { return nil }
        return since + .seconds(waited + 1)
    }
}

// MARK: - Download rate

/// The download rate on the status bar (`--network proxy`): "↓ 2.4 MB/s" while the proxy
/// downloads; hidden ``downloadRateLifetime`` after the last report (reports come at most once a
/// second and only while bytes flow, so an idle playback gets one tick to hide it, then none),
/// and when the playback finished.
extension AppState {
    /// How long a reported rate stays without a newer one.
    static let downloadRateLifetime: Duration = .seconds(3)

    static func showDownloadRate(_ bytesPerSecond: Double, in model: inout PlaybackModel, now: ContinuousClock.Instant) {
        model.downloadRate = bytesPerSecond
        model.downloadRateUntil = now + downloadRateLifetime
    }

    /// Hides a rate nobody renewed.
    mutating func expireDownloadRate(now: ContinuousClock.Instant) {
        guard let until = playback?.downloadRateUntil, until <= now else { return }
        playback?.downloadRate = nil
        playback?.downloadRateUntil = nil
    }

    /// "↓ 2.4 MB/s", or "" when nothing is downloading or the playback is over.
    func downloadRateText(_ model: PlaybackModel) -> String {
        guard model.finish == nil, let rate = model.downloadRate, rate > 0 else { return "" }
        return "↓ " + DownloadRate.text(bytesPerSecond: rate)
    }
}
