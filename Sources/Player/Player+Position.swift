/// The position read from mpv when asked, for callers that compare it with a clock (a montage's
/// tiles against its wall clock): ``snapshot``'s position is the last `time-pos` the owner
/// drained, so it is as old as the last drain.
extension Player {
    /// Seconds into the current playback now: mpv's `time-pos` read synchronously (the frame on
    /// screen; it moves a frame at a time), plus the seconds played before the media's timestamps
    /// restarted, as ``snapshot``'s position counts them. Nil while nothing is loaded, before the
    /// first frame, during a seek or an fMP4 reload, and after a stop: there is no position to
    /// compare then.
    ///
    /// ```swift
    /// if let position = player.positionNow { drift = position - clockSeconds }
    /// ```
    public var positionNow: Double? {
        let facts = reducer.facts
        guard let handle, facts.loaded, facts.started, !facts.userStopped, facts.reloadTarget == nil,
              facts.seekDirection == nil, let position = handle.double("time-pos") else { return nil }
        return position + facts.restartOffset
    }
}
