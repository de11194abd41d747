/// How long a playback took to start, measured from ``Player/load(_:startAt:)``
/// (for `eventplayer play`'s startup timeline and the time-to-first-frame benchmark).
///
/// ```swift
/// if let first = player.snapshot.timeline.firstFrame { print("first frame \(first)") }
/// ```
public struct PlaybackTimeline: Sendable, Equatable {
    /// mpv handle created, options set, `mpv_initialize` and `loadfile` issued.
    public var mpvOpen: Duration?
    /// mpv's FILE_LOADED (playlist and first data read, decoders opened).
    public var fileLoaded: Duration?
    /// The first PLAYBACK_RESTART: the first frame is ready (shown with a video output).
    public var firstFrame: Duration?

    public init(mpvOpen: Duration? = nil, fileLoaded: Duration? = nil, firstFrame: Duration? = nil) {
        self.mpvOpen = mpvOpen
        self.fileLoaded = fileLoaded
        self.firstFrame = firstFrame
    }
}
