/// What the player is doing, as the reference app's IJKPlayer states (docs/playback.md).
///
/// ```swift
/// switch player.snapshot.playback {
/// case .playing: statusBar.show("▶")
/// case .seekingForward, .seekingBackward: statusBar.show("⇆")
/// default: statusBar.show(player.snapshot.playback.description)
/// }
/// ```
public enum PlaybackState: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Nothing loaded, opening, after `stop`, or after a failure.
    case stopped
    /// File loaded, not paused, the core is running (or waiting for the cache: see ``LoadState``).
    case playing
    /// `pause=yes` (also at the end: `keep-open` pauses on the last frame).
    case paused
    /// The owner suspended playback (terminal suspended); ``Player/resumeFromInterruption()`` restores it.
    case interrupted
    /// A seek to a later position is in progress (until mpv's PLAYBACK_RESTART).
    case seekingForward
    /// A seek to an earlier position is in progress.
    case seekingBackward

    public var description: String {
        switch self {
        case .stopped: "stopped"
        case .playing: "playing"
        case .paused: "paused"
        case .interrupted: "interrupted"
        case .seekingForward: "seeking forward"
        case .seekingBackward: "seeking backward"
        }
    }
}
