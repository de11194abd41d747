/// Transport commands. They never block: mpv gets async commands (replies come back through
/// `drain()`), and state changes the player knows at once are queued as updates.
extension Player {
    /// Plays: unpauses; after the end, starts again from 0:00. After `stop` (or an error that
    /// unloaded the media) there is nothing to play: starting again is the owner's (a new
    /// ``load(_:startAt:as:)``; the app's `PlaybackSession` prepares it afresh).
    public func play() {
        if reducer.facts.interrupted {
            resumeAfterInterruption = false
            queue(reducer.setInterrupted(false, unpausing: handle != nil && !reducer.isUnloaded))
        }
        if reducer.facts.reloadTarget != nil { return queue(reducer.setResumeAfterReload(true)) }
        guard let handle, !reducer.isUnloaded else { return }
        if reducer.isAtEnd { seek(to: 0) }
        handle.set("pause", flag: false)
    }

    /// Pauses (`pause=yes`).
    public func pause() {
        if reducer.facts.reloadTarget != nil { return queue(reducer.setResumeAfterReload(false)) }
        handle?.set("pause", flag: true)
    }

    /// Pauses when playing, plays otherwise. During a seek it toggles the state the seek
    /// started from: paused before the seek resumes, playing before it pauses.
    public func togglePause() {
        switch reducer.pauseToggle {
        case .pause: pause()
        case .resume: handle?.set("pause", flag: false)
        case .play: play()
        case .afterReload: queue(reducer.setResumeAfterReload(!reducer.facts.resumeAfterReload))
        }
    }

    /// Stops: the playback ends as `.stopped`, its mpv handle is retired (destroyed in
    /// the background), and its progress stays where mpv last reported it (a later load can start there).
    /// Returns the stopped playback's last updates, in order: what was waiting for the next
    /// ``drain()`` and then the stop itself (`.stopped`, `.ended(.stopped)`), so the owner
    /// has them before anything it does next under the same identity (a restart).
    ///
    /// ```swift
    /// for update in player.stop() { model.apply(update) }
    /// ```
    @discardableResult
    public func stop() -> [PlayerUpdate] {
        let updates = pending + reducer.stop()
        pending = []
        retireHandle()
        return updates
    }

    /// Seeks to `seconds` from the start; the state shows the direction until mpv restarts
    /// playback. With nothing loaded (stopped, failed, still connecting) it does nothing: the
    /// position a playback starts again at is its owner's (the app's `PlaybackSession`).
    public func seek(to seconds: Double) {
        if fragmented != nil, handle != nil, reducer.facts.loaded || reducer.facts.reloadTarget != nil, !reducer.facts.userStopped {
            let target = max(0, reducer.facts.duration.map { min(seconds, $0) } ?? seconds)
            // fMP4: ffmpeg's own seek jumps to the end (mpv 0.35 / ffmpeg 5.1), so a position the
            // cache does not hold is reached by a new handle (see FragmentedPlaylist).
            if !reducer.isCached(target) { return reloadFragmented(at: target) }
        }
        let (target, updates) = reducer.seek(to: seconds)
        if let target { handle?.command(["seek", MPVOptionPlan.number(target), "absolute"]) }
        queue(updates)
    }

    /// Seeks by `delta` seconds from the current position (negative goes back); while a seek is
    /// still in flight, from its target, so repeated key presses add up.
    public func seek(by delta: Double) {
        let base = reducer.facts.seek?.target ?? snapshot.progress.position
        seek(to: base + delta)
    }

    /// Mutes or unmutes (kept for later playbacks).
    public func setMuted(_ muted: Bool) {
        handle?.set("mute", flag: muted)
        if handle == nil { queue(reducer.setAudio(muted: muted, volume: nil)) }
    }

    /// Flips mute.
    public func toggleMute() { setMuted(!reducer.snapshot.muted) }

    /// Sets the volume, 0...130 (100 leaves it unchanged; kept for later playbacks).
    public func setVolume(_ volume: Double) {
        let clamped = min(max(volume, 0), 130)
        handle?.set("volume", double: clamped)
        if handle == nil { queue(reducer.setAudio(muted: nil, volume: clamped)) }
    }

    /// Marks playback interrupted (terminal suspended, SIGTSTP) and pauses mpv.
    public func interrupt() {
        guard !reducer.facts.interrupted, handle != nil else { return }
        resumeAfterInterruption = reducer.facts.loaded && !reducer.facts.pause
        handle?.set("pause", flag: true)
        queue(reducer.setInterrupted(true))
    }

    /// Ends the interruption (SIGCONT): playback continues as it was before ``interrupt()``.
    public func resumeFromInterruption() {
        guard reducer.facts.interrupted else { return }
        let unpausing = resumeAfterInterruption && handle != nil
        if unpausing { handle?.set("pause", flag: false) }
        resumeAfterInterruption = false
        queue(reducer.setInterrupted(false, unpausing: unpausing))
    }
}
