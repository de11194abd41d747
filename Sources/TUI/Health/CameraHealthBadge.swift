/// A camera's health as the TUI shows it beside the camera's name: in the `c` picker, on the
/// timeline's lanes, in a tile's title. Made by the app's model from what the server reports
/// (one formatter, TUIState's `CameraHealthText`); the views only place and colour it.
///
/// ```swift
/// let badge = CameraHealthBadge(text: "● 5 fps", state: .online)
/// badge.style      // .dim: an online camera is the usual case
/// ```
public struct CameraHealthBadge: Hashable, Sendable {
    /// What the server says of the camera.
    public enum State: Hashable, Sendable {
        /// It sends pictures.
        case online
        /// It sends nothing (0 frames a second, ZoneMinder's `NotRunning`).
        case offline
        /// It sends nothing because it is switched off on the server.
        case disabled
    }

    /// Already escaped and short ("● 5 fps", "offline").
    public var text: String
    public var state: State

    public init(text: String, state: State) {
        self.text = text
        self.state = state
    }

    /// How it is drawn on an unselected row: offline stands out, the rest is quiet.
    public var style: TextStyle {
        state == .offline ? .error : .dim
    }
}
