/// The raw facts mpv reported about one playback, before mapping to states.
/// A new playback starts from `PlaybackFacts()`: nothing is inherited.
struct PlaybackFacts: Sendable, Equatable {
    enum SeekDirection: Sendable, Equatable { case forward, backward }
    /// A seek in flight: which way (the state shown) and where to (repeated seeks add up from
    /// there, not from the old position).
    struct Seek: Sendable, Equatable {
        var direction: SeekDirection
        var target: Double
    }
    enum PendingEnd: Sendable, Equatable {
        case atEnd
        case openFailure(String)
    }

    /// FILE_LOADED seen and no END_FILE since.
    var loaded = false
    /// FILE_LOADED was seen at least once (something arrived from the server).
    var opened = false
    /// Whole seconds since the load, while nothing has arrived (from the progress tick).
    var waited = 0
    /// Where the media comes from (`host:port` of the playlist or its first segment), for messages.
    var host: String?
    /// The first PLAYBACK_RESTART was seen (the first frame is ready).
    var started = false
    var pause = false
    var coreIdle = true
    var idleActive = false
    /// mpv's `time-pos` as reported: it starts again where the media's timestamps restart
    /// (`#EXT-X-DISCONTINUITY`, a camera that reconnected).
    var mpvTimePos: Double?
    /// Seconds of the event played before the timestamps last restarted (see
    /// `PlaybackReducer+Discontinuity`); 0 until they do, and after a seek.
    var restartOffset: Double = 0
    /// The last `time-pos` seen while no seek or reload was in flight: a later one far below it
    /// is a restart of the timestamps, not a seek.
    var steadyTimePos: Double?
    /// The position in the event: mpv's `time-pos` plus the restarts before it.
    var timePos: Double? { mpvTimePos.map { $0 + restartOffset } }
    /// Where this handle was asked to start (the load's start, a reload's target).
    var start: Double = 0
    /// The last position mpv reported while the media was loaded and no reload was on its way
    /// (kept after the media unloads: where the playback stood when it stopped or failed).
    var lastReported: Double?
    var duration: Double?
    var pausedForCache = false
    var bufferingPercent: Int?
    var cache: DemuxerCacheState?
    var eofReached = false
    /// Our seek command, from when it is sent until PLAYBACK_RESTART.
    var seek: Seek?
    /// `stop` was asked for.
    var userStopped = false
    /// The owner interrupted playback (terminal suspended).
    var interrupted = false
    /// The end reported was the end of the file (so seeking back withdraws it).
    var endedAtEOF = false
    /// How the playback ended, reported by `settle()` once the batch's log lines are in (mpv
    /// delivers queued events before the log lines that explain them).
    var pendingEnd: PendingEnd?
    /// `.accessDenied` was already reported for this playback.
    var accessDeniedReported = false
    /// Seconds before the first segment of the playlist mpv plays (a trimmed fMP4 playlist,
    /// see `FragmentedPlaylist`): added to mpv's `duration`.
    var timeOffset: Double = 0
    /// A new handle is on its way to this position (fMP4 seek or start, see `reload`): once it
    /// has restarted and cached the position, the player seeks there (a cache seek).
    var reloadTarget: Double?
    /// The reloading handle restarted (its first frame, at the trimmed playlist's start).
    var reloadRestarted = false
    /// Unpause after that seek (it was playing, or it is a fresh start).
    var resumeAfterReload = false
    /// Recent warn/error log lines, oldest first (a ring of `logCapacity`).
    var log: [PlayerLogMessage] = []
}
