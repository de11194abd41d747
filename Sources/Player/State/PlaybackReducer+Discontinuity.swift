/// Position across restarting timestamps: at an `#EXT-X-DISCONTINUITY` (a camera that
/// reconnected) the media's timestamps may start again from 0.
///
/// What mpv 0.35 + ffmpeg 5.1 do with such an HLS stream (two 12 s parts, each from timestamp 0):
/// `duration` is the playlist's 24 s throughout; `time-pos` and `playback-time` run 0…12, then mpv
/// logs "Reset playback due to audio timestamp reset" (or "Invalid video timestamp") and both
/// run 0…12 again; the file ends at `time-pos` 12 of 24. So the position is mpv's `time-pos` plus
/// the seconds played before each restart: a `time-pos` well below the last one while no seek or
/// reload is in flight is a restart (mpv never goes back on its own otherwise), and the count
/// continues from the last position (mpv drops the frames it had queued at the reset, so it may
/// fall a second short of the join).
///
/// A complete media playlist never gets here: its parts arrive with the source and play as one
/// timeline (`PartTimeline`), whose `time-pos` is the event's own. This is for what cannot be cut
/// into parts: a live event's growing playlist and a master's variants.
extension PlaybackReducer {
    /// How far `time-pos` must fall, with no seek in flight, to count as a restart.
    static let restartThreshold = 1.0

    /// Notes a new `time-pos` from mpv (before it is stored).
    mutating func noteTimestamps(_ value: Double?) {
        guard let value else { return }
        let steady = facts.loaded && facts.seek == nil && facts.reloadTarget == nil
        if steady, let last = facts.steadyTimePos, value < last - Self.restartThreshold {
            facts.restartOffset += last - value
        }
        facts.steadyTimePos = steady ? value : nil
    }

    /// A seek lands where mpv's own clock says (ffmpeg picks the segment from the playlist's
    /// durations), so the count starts over from there.
    mutating func seekResetsRestarts() {
        facts.restartOffset = 0
        facts.steadyTimePos = nil
    }
}
