import Player

/// A transport command for the player, as the front ends send it.
public enum PlayerCommand: Sendable, Equatable {
    case play, togglePause, stop, toggleMute, interrupt, resume
    /// Pauses (a montage pauses every tile; Space toggles).
    case pause
    /// Mutes or unmutes (kept for later playbacks; a montage mutes every tile but the focused one).
    case setMuted(Bool)
    case seek(to: Double)
    case setVolume(Double)
    /// Playback speed, 1 is normal (kept for later playbacks; sent even before the first).
    case setSpeed(Double)
    /// One frame forward or back, then paused (`.` / `,`).
    case frameStep(forward: Bool)
    /// Save the current frame as a PNG at this path (answered by a `.screenshot` update).
    case screenshot(to: String)
    /// Terminal video's picture on or off (`v`); playback goes on either way. Kept for later
    /// playbacks; sent even before the first.
    case setVideoEnabled(Bool)
    /// Zoom and pan of the picture (Alt+- Alt++ Alt+arrows Alt+Backspace). Kept for later
    /// playbacks; sent even before the first.
    case setFraming(VideoFraming)
}
