import TUI

/// Player's states as the words the TUI shows (DESIGN.md §5 table).
enum PlayerMapping {
    static func kind(_ state: MPVPlaybackState) -> PlaybackKind {
        switch state {
        case .stopped: .stopped
        case .playing: .playing
        case .paused: .paused
        case .interrupted: .interrupted
        case .seekingForward: .seekingForward
        case .seekingBackward: .seekingBackward
        }
    }

    static func load(_ state: MPVLoadState) -> TUI.LoadState {
        switch state {
        case .unknown, .connecting: .none  // TODO(lead): show "connecting…" / "waiting for the server (N s)"
        case .playable: .playable
        case .playthroughOK: .playthroughOK
        case .stalled(let percent): .stalled(percent: percent ?? 0)
        }
    }

    static func finish(_ reason: MPVFinishReason) -> TUI.FinishReason {
        switch reason {
        case .ended: .ended
        case .error(let message): .error(message: message)
        case .userExited: .userExited
        case .frameLimitReached: .ended  // the TUI sets no frame limit
        }
    }
}
