/// The playback state words of the status bar (DESIGN.md §5).
public enum PlaybackKind: Hashable, Sendable {
    case playing, paused, stopped, interrupted, seekingForward, seekingBackward

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
