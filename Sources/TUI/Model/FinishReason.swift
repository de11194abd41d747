/// Why the last playback finished (DESIGN.md §5).
public enum FinishReason: Hashable, Sendable {
    case ended
    case error(message: String)
    case userExited

    /// Text for the status bar, e.g. "error: segment 3 failed".
    public var label: String {
        switch self {
        case .ended: "ended"
        case .error(let message): "error: \(message)"
        case .userExited: "stopped by you"
        }
    }
}
