import PlaybackStates
/// The state table (docs/playback.md): facts -> playback state, load state, progress; and turning
/// differences from the last published snapshot into updates.
extension PlaybackReducer {
    /// Stopped, playing, paused, interrupted, seeking forward/backward.
    var derivedPlayback: PlaybackState {
        if facts.interrupted { return .interrupted }
        if facts.reloadTarget != nil, !facts.userStopped {
            // A new handle is on its way to the target: the owner sees the seek (or the start).
            switch facts.seek?.direction {
            case .forward: return .seekingForward
            case .backward: return .seekingBackward
            case nil: return facts.loaded ? (facts.resumeAfterReload ? .playing : .paused) : .stopped
            }
        }
        if facts.userStopped || !facts.loaded || facts.idleActive { return .stopped }
        switch facts.seek?.direction {
        case .forward: return .seekingForward
        case .backward: return .seekingBackward
        case nil: break
        }
        // keep-open pauses on the last frame; `pause=yes` arrives a moment after eof-reached.
        if facts.pause || facts.eofReached { return .paused }
        if !facts.coreIdle || facts.started { return .playing }
        return .stopped
    }

    /// Unknown, connecting, playable, playthrough OK, stalled.
    var derivedLoad: LoadState {
        if isConnecting { return .connecting(waited: facts.waited) }
        guard facts.loaded, !facts.userStopped else { return .unknown }
        if facts.pausedForCache { return .stalled(bufferingPercent: facts.bufferingPercent) }
        if facts.cache?.eofCached == true { return .playthroughOK }
        if let ahead = facts.cache?.cacheDuration, ahead >= configuration.playthroughSeconds { return .playthroughOK }
        return .playable
    }

    /// Opening and nothing has arrived yet: no FILE_LOADED (of the playback, or of the handle a
    /// reload opened), no end, no stop.
    var isConnecting: Bool {
        snapshot.playbackID != nil && !facts.userStopped && snapshot.end == nil && facts.pendingEnd == nil
            && (!facts.opened || facts.reloadTarget != nil && !facts.loaded)
    }

    /// Where the media is, from mpv's facts: a reload's target while its handle is on the way;
    /// mpv's position while loaded; once unloaded, the last position mpv reported (or where the
    /// handle was asked to start, if it never said). The player keeps no position of its own:
    /// the app's `PlaybackSession` owns the one the front ends show.
    var position: Double {
        if let target = facts.reloadTarget, !facts.userStopped { return target }
        if facts.loaded, !facts.userStopped, let value = facts.timePos { return value }
        return facts.lastReported ?? facts.start
    }

    /// Position, duration, buffered ahead.
    var progressNow: PlaybackProgress {
        let playing = facts.loaded && !facts.userStopped
        return PlaybackProgress(
            position: position,
            duration: facts.duration,
            bufferedAhead: playing ? max(facts.cache?.cacheDuration ?? 0, 0) : 0
        )
    }

    /// Derives the snapshot and returns an update per visible change, plus `extra` (in order:
    /// extra events first, then playback, load, audio, the end or its withdrawal).
    mutating func publish(_ extra: [PlayerUpdate.Kind] = []) -> [PlayerUpdate] {
        guard let id = snapshot.playbackID else { return [] }
        let before = published
        snapshot.playback = derivedPlayback
        snapshot.load = derivedLoad
        snapshot.progress = progressNow
        var kinds: [PlayerUpdate.Kind] = []
        if snapshot.playback != before?.playback { kinds.append(.playback(snapshot.playback)) }
        if snapshot.load != before?.load { kinds.append(.load(snapshot.load)) }
        if snapshot.muted != before?.muted || snapshot.volume != before?.volume {
            kinds.append(.audio(muted: snapshot.muted, volume: snapshot.volume))
        }
        for kind in extra {
            if case .progress(let progress) = kind {
                guard progress != publishedProgress else { continue }
                publishedProgress = progress
            }
            kinds.append(kind)
        }
        if let end = snapshot.end, end != before?.end { kinds.append(.ended(end)) }
        if snapshot.end == nil, before?.end != nil { kinds.append(.resumedAfterEnd) }
        published = Published(snapshot)
        return kinds.map { PlayerUpdate(id, $0) }
    }
}

/// The parts of the snapshot whose changes become updates.
struct Published: Sendable, Equatable {
    var playback: PlaybackState
    var load: LoadState
    var muted: Bool
    var volume: Double
    var end: PlaybackEnd?

    init(_ snapshot: PlayerSnapshot) {
        playback = snapshot.playback
        load = snapshot.load
        muted = snapshot.muted
        volume = snapshot.volume
        end = snapshot.end
    }
}

// MARK: - Progress after a frame step

/// Review: the exact position after a frame step.
extension PlaybackReducer {
    /// A `.progress` update while paused with the media loaded (not during our own seeks, whose
    /// restart reports the position): a frame step moves `time-pos` without playing, and the
    /// slider shows it at once instead of at the next tick. `publish` drops an unchanged one.
    var pausedProgress: [PlayerUpdate.Kind] {
        guard facts.pause, facts.loaded, !facts.userStopped, facts.reloadTarget == nil, facts.seek == nil else { return [] }
        return [.progress(progressNow)]
    }
}
