/// Transport commands. They never block: mpv gets async commands (replies come back through
/// `drain()`), and state changes the player knows at once are queued as updates.
extension Player {
    /// Plays: unpauses; after the end, starts again from 0:00; after `stop` (or an error that
    /// unloaded the media) loads the same source again from the slider's stored position.
    public func play() {
        if reducer.facts.interrupted {
            resumeAfterInterruption = false
            queue(reducer.setInterrupted(false, unpausing: handle != nil && !reducer.needsReload))
        }
        if reducer.needsReload, let source = reducer.snapshot.source {
            _ = try? load(source, startAt: reducer.storedPosition, as: reducer.snapshot.playbackID)
            return
        }
        guard let handle else { return }
        if reducer.isAtEnd { seek(to: 0) }
        handle.set("pause", flag: false)
    }

    /// Pauses (`pause=yes`).
    public func pause() {
        handle?.set("pause", flag: true)
    }

    /// Pauses when playing (or seeking), plays otherwise.
    public func togglePause() {
        switch reducer.snapshot.playback {
        case .playing, .seekingForward, .seekingBackward: pause()
        case .paused where !reducer.isAtEnd: handle?.set("pause", flag: false)
        default: play()
        }
    }

    /// Stops: the playback finishes as `.userExited`, its mpv handle is destroyed, and the slider
    /// keeps the position for a later ``play()``.
    public func stop() {
        let updates = reducer.stop()
        handle?.destroy()
        handle = nil
        queue(updates)
    }

    /// Seeks to `seconds` from the start; the state shows the direction until mpv restarts
    /// playback. While stopped it only moves the slider (``play()`` starts there).
    public func seek(to seconds: Double) {
        let (send, updates) = reducer.seek(to: seconds)
        if send { handle?.command(["seek", MPVOptionPlan.number(reducer.storedPosition), "absolute"]) }
        queue(updates)
    }

    /// Seeks by `delta` seconds from the current position (negative goes back); while a seek is
    /// still in flight, from its target, so repeated key presses add up.
    public func seek(by delta: Double) {
        let base = reducer.facts.seekDirection != nil ? reducer.storedPosition : snapshot.progress.position
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
