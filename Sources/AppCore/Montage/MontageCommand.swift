import Foundation

/// What the front end asks of a whole montage (``MontagePlayback/perform(_:now:)``): transport
/// commands apply to the clock and every tile; focus decides which tile is heard.
public enum MontageCommand: Sendable, Equatable {
    /// Space: the clock and every tile stop, or go on (every tile is put on the clock's moment first).
    case togglePause
    /// Moves the clock by this many seconds of recorded time (negative: back); every tile follows.
    case seek(by: TimeInterval)
    /// Moves the clock to this moment; every tile follows (cameras without footage then wait).
    /// (Not `seek(to:)`: enum cases that differ only in their labels cannot be told apart in a
    /// pattern.)
    case jump(to: Date)
    /// The clock's speed (1 is real time); every tile plays at it.
    case setSpeed(Double)
    /// One frame (``MontagePlayback/frameDuration``) forward or back, paused, on every tile.
    case frameStep(forward: Bool)
    /// This tile is heard (the others are muted).
    case focus(Int)
    /// Tab: the next tile is heard.
    case focusNext
    /// The focused tile muted (the others always are).
    case setMuted(Bool)
}
