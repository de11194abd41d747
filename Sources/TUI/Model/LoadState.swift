/// How well the media is loading (DESIGN.md §5).
public enum LoadState: Hashable, Sendable {
    case none
    case playable
    case playthroughOK
    /// Paused for cache; `percent` is the buffering progress (0...100).
    case stalled(percent: Int)

    /// Text for the status bar ("" for `.none`).
    public var label: String {
        switch self {
        case .none: ""
        case .playable: "playable"
        case .playthroughOK: "playthrough OK"
        case .stalled(let percent): "stalled \(max(0, min(100, percent)))%"
        }
    }
}
