/// The owner's commands as they change state (the player sends the mpv side).
extension PlaybackReducer {
    /// Starts playback `id` from scratch: nothing of the previous one is inherited except the
    /// audio settings. The previous playback, if still going, ends as `.stopped`.
    mutating func begin(_ id: PlaybackID, source: MediaSource, start: Double, host: String? = nil) -> [PlayerUpdate] {
        var updates: [PlayerUpdate] = []
        // A load under the same identity (fresh tokens, the owner starting it again) continues that playback.
        if let old = snapshot.playbackID, old != id, snapshot.end == nil {
            updates.append(PlayerUpdate(old, .ended(.stopped)))
        }
        var fresh = PlayerSnapshot()
        fresh.playbackID = id
        fresh.source = source
        fresh.muted = snapshot.muted
        fresh.volume = snapshot.volume
        fresh.speed = snapshot.speed
        snapshot = fresh
        facts = PlaybackFacts()
        facts.host = host
        facts.start = max(start, 0)
        publishedProgress = nil
        published = nil  // the first publish reports every state
        return updates + publish([.progress(progressNow)])
    }

    /// `stop`: the playback is over (`.stopped`); its progress stays where mpv last said it was.
    mutating func stop() -> [PlayerUpdate] {
        guard snapshot.playbackID != nil, !facts.userStopped else { return [] }
        facts.userStopped = true
        facts.loaded = false
        facts.seek = nil
        facts.reloadTarget = nil
        facts.interrupted = false
        if snapshot.end == nil { snapshot.end = .stopped }
        return publish([.progress(progressNow)])
    }

    /// A seek to `target` seconds, clamped to the media: returns the position to send mpv, or
    /// nil when nothing is loaded (stopped, ended with an error, still connecting). A seek while
    /// nothing plays is the owner's: the app's `PlaybackSession` keeps that position and starts
    /// there; the player keeps no slider of its own.
    mutating func seek(to target: Double) -> (send: Double?, updates: [PlayerUpdate]) {
        guard snapshot.playbackID != nil, facts.loaded, !facts.userStopped else { return (nil, []) }
        let clamped = max(0, facts.duration.map { min(target, $0) } ?? target)
        let from = facts.timePos ?? position
        facts.seek = PlaybackFacts.Seek(direction: clamped >= from ? .forward : .backward, target: clamped)
        seekResetsRestarts()
        return (clamped, publish())
    }

    /// The owner suspended (true) or resumed (false) playback; `unpausing` says the player just
    /// asked mpv to unpause (so the resume shows "playing", not a moment of "paused").
    mutating func setInterrupted(_ interrupted: Bool, unpausing: Bool = false) -> [PlayerUpdate] {
        guard snapshot.playbackID != nil, facts.interrupted != interrupted else { return [] }
        facts.interrupted = interrupted
        if unpausing { facts.pause = false }
        return publish()
    }

    /// The 1 s progress tick: an update when position, duration or buffered seconds changed,
    /// and while connecting, the seconds waited so far (`sinceLoad`, from the player's clock).
    mutating func tick(sinceLoad: Duration? = nil) -> [PlayerUpdate] {
        if isConnecting, let sinceLoad { facts.waited = Int(sinceLoad.components.seconds) }
        return publish([.progress(progressNow)])
    }

    /// True after stop, or after an error unloaded the media: `play` has nothing to resume (the
    /// owner starts again with a new load).
    var isUnloaded: Bool {
        guard snapshot.playbackID != nil else { return false }
        return facts.userStopped || !facts.loaded && snapshot.end != nil
    }

    /// True when `play` should restart from the beginning: paused on the last frame after the end.
    var isAtEnd: Bool { facts.loaded && facts.eofReached }

    /// What Space (`togglePause`) does now. A seek in flight keeps mpv's pause state, so it
    /// toggles that: paused before the seek resumes, playing before it pauses.
    var pauseToggle: PauseToggle {
        if facts.reloadTarget != nil { return .afterReload }
        return switch snapshot.playback {
        case .playing: .pause
        case .seekingForward, .seekingBackward: facts.pause ? .resume : .pause
        case .paused where !isAtEnd: .resume
        default: .play
        }
    }
}

/// The answers to "toggle pause": pause mpv, unpause it, ``Player/play()`` (restart from the
/// beginning after the end), or flip whether a reload in flight plays on once it arrives.
enum PauseToggle: Sendable, Equatable { case pause, resume, play, afterReload }

extension PlaybackReducer {
    /// The playback ends without mpv saying so: it could not start (mpv rejected an option or
    /// failed to initialise), or the stall watchdog gave up.
    mutating func end(_ end: PlaybackEnd) -> [PlayerUpdate] {
        guard snapshot.playbackID != nil else { return [] }
        facts.loaded = false
        facts.reloadTarget = nil
        facts.seek = nil
        if snapshot.end == nil { snapshot.end = end }
        return publish()
    }
}

extension PlaybackReducer {
    /// Mute/volume changed while no handle exists (applied to the next playback's options).
    mutating func setAudio(muted: Bool?, volume: Double?) -> [PlayerUpdate] {
        if let muted { snapshot.muted = muted }
        if let volume { snapshot.volume = volume }
        return publish()
    }
}
