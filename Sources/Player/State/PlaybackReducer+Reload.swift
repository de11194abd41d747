/// Reaching a position with a new handle (fMP4, where ffmpeg's own seek jumps to the end; see
/// `FragmentedPlaylist`): the same playback goes on, the new handle plays a playlist that starts
/// at the target's segment, and a cache seek finishes the way once that segment is in.
extension PlaybackReducer {
    /// The player opened a new handle for `target` on a playlist starting `offset` seconds in.
    /// `direction` is the user's seek (nil for a start position); `resume` unpauses at the end.
    mutating func reload(at target: Double, offset: Double, direction: PlaybackFacts.SeekDirection?, resume: Bool) -> [PlayerUpdate] {
        guard snapshot.playbackID != nil else { return [] }
        let kept = facts
        facts = PlaybackFacts()
        facts.host = kept.host
        facts.opened = kept.opened
        facts.started = kept.started
        facts.log = kept.log
        facts.accessDeniedReported = kept.accessDeniedReported
        facts.duration = kept.duration
        facts.pause = !resume
        facts.timeOffset = offset
        facts.reloadTarget = target
        facts.seek = direction.map { PlaybackFacts.Seek(direction: $0, target: target) }
        facts.resumeAfterReload = resume
        if kept.endedAtEOF { snapshot.end = nil }
        facts.start = max(target, 0)
        return publish([.progress(progressNow)])
    }

    /// The cache seek that ends a reload, once the new handle has restarted and buffered up to
    /// the target (or to its end); nil until then, and once taken.
    mutating func takeReloadSeek() -> (target: Double, resume: Bool)? {
        guard let target = facts.reloadTarget, facts.loaded, facts.reloadRestarted else { return nil }
        guard covered(target) || facts.cache?.eofCached == true else { return nil }
        facts.reloadTarget = nil
        facts.reloadRestarted = false
        // The seek's PLAYBACK_RESTART ends the "seeking" state; a start position shows none.
        facts.seek = facts.seek ?? PlaybackFacts.Seek(direction: target >= (facts.timePos ?? 0) ? .forward : .backward, target: target)
        if facts.resumeAfterReload { facts.pause = false }
        return (target, facts.resumeAfterReload)
    }

    /// Play (true) or stay paused once the reload in flight has arrived.
    mutating func setResumeAfterReload(_ resume: Bool) -> [PlayerUpdate] {
        guard facts.reloadTarget != nil else { return [] }
        facts.resumeAfterReload = resume
        return publish()
    }

    /// True when a seek to `target` is served from mpv's demuxer cache (no ffmpeg seek).
    func isCached(_ target: Double) -> Bool {
        facts.reloadTarget == nil && covered(target)
    }

    /// A cached range holds `target` (a range starts at its first packet, a little after the
    /// segment's nominal start, hence the slack below it).
    private func covered(_ target: Double) -> Bool {
        (facts.cache?.seekableRanges ?? []).contains { $0.lowerBound - 0.25 <= target && target <= $0.upperBound }
    }
}
