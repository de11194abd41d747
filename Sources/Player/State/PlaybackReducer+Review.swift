/// Review: the exact position after a frame step.
extension PlaybackReducer {
    /// A `.progress` update while paused with the media loaded (not during our own seeks, whose
    /// restart reports the position): a frame step moves `time-pos` without playing, and the
    /// slider shows it at once instead of at the next tick. `publish` drops an unchanged one.
    var pausedProgress: [PlayerUpdate.Kind] {
        guard facts.pause, facts.loaded, !facts.userStopped, facts.reloadTarget == nil, facts.seekDirection == nil else { return [] }
        return [.progress(progressNow)]
    }
}
