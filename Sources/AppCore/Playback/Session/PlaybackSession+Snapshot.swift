import PlaybackStates

extension PlaybackSession {
    /// What the session holds of its playback, as a value for the front ends: where it is, how
    /// long it is and how it finished. The session alone keeps these; every ``PlaybackUpdate``
    /// carries the snapshot as it was after the input that published it, and a front end shows
    /// that (the TUI's knob while seeking and its download rate are its own view state).
    ///
    /// ```swift
    /// for update in runner.drain() {
    ///     slider.show(update.session.position, of: update.session.duration)
    ///     if let finish = update.session.finish { print("finished: \(finish)") }
    /// }
    /// ```
    public struct Snapshot: Sendable, Equatable {
        /// Seconds: the player's last report, or where a seek put it while nothing was loaded.
        public var position: Double
        /// The duration the player last reported, nil while unknown.
        public var duration: Double?
        /// How the playback finished; nil while it has not (or plays again after its end).
        public var finish: FinishReason?
        /// True when it failed because the server no longer has the event (a list drops it).
        public var eventGone: Bool

        public init(position: Double = 0, duration: Double? = nil, finish: FinishReason? = nil, eventGone: Bool = false) {
            self.position = position
            self.duration = duration
            self.finish = finish
            self.eventGone = eventGone
        }
    }

    /// The session's account of its playback now.
    public var snapshot: Snapshot { Snapshot(position: position, duration: duration, finish: finishReason, eventGone: eventGone) }
}
