/// A transport command for the player, as the front ends send it.
public enum PlayerCommand: Sendable, Equatable {
    case play, togglePause, stop, toggleMute, interrupt, resume
    case seek(to: Double)
    case setVolume(Double)
}
