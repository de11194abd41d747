import PlaybackStates

// The words and symbols the status bar shows for the shared playback states (docs/playback.md).

extension PlaybackState {
    /// The word and symbol shown, e.g. "▶▶ Seeking".
    public var label: String {
        switch self {
        case .playing: "▶ Playing"
        case .paused: "❚❚ Paused"
        case .stopped: "■ Stopped"
        case .interrupted: "❚❚ Interrupted"
        case .seekingForward: "▶▶ Seeking"
        case .seekingBackward: "◀◀ Seeking"
        }
    }
}

extension LoadState {
    /// Text for the status bar ("" while unknown).
    public var label: String {
        switch self {
        case .unknown: ""
        case .connecting: description   // "connecting…", then "waiting for the server (N s)"
        case .playable: "playable"
        case .playthroughOK: "playthrough OK"
        case .stalled(let percent?): "stalled \(max(0, min(100, percent)))%"
        case .stalled(nil): "stalled"
        }
    }
}

extension FinishReason {
    /// Text for the status bar, e.g. "error: segment 3 failed".
    public var label: String {
        switch self {
        case .ended: "ended"
        case .error(let message): "error: \(message)"
        case .userExited: "stopped by you"
        case .frameLimitReached: description
        }
    }
}
