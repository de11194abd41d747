import TUI

extension AppState {
    /// What has the screen and the keys: exactly one at a time, so that no two can claim them
    /// (async-http-client's style of one `State` enum). Prompts, pickers and the montage open
    /// over a ``Scene`` and go back to it when they close. Overlays (help, request log) are a
    /// layer over any mode but sign-in: ``AppState/overlay``.
    ///
    /// ```swift
    /// state.mode = .datePrompt(DatePrompt(text: ""), over: .timeline(returnsTo: Browse()))
    /// state.keyRoute   // .context(.filter); Esc goes back to the timeline
    /// ```
    enum Mode: Sendable {
        /// The sign-in form (before the first page, or when the server asked to sign in again).
        case signIn(SignInForm)
        /// The list and the player, the video over the whole pane, or the timeline.
        case scene(Scene)
        /// `/`: typing the list's filter on the message line.
        case filterEditing(over: Scene)
        /// `t`: the date prompt (the list's time filter, or on the timeline where the cursor goes).
        case datePrompt(DatePrompt, over: Scene)
        /// `c`: the camera picker.
        case cameraPicker(CameraPicker, over: Scene)
        /// `o` or `z`: the label or zone picker.
        case valuePicker(ValuePicker, over: Scene)
        /// `N`: the server picker.
        case serverPicker(ServerPicker, over: Scene)
        /// `M`: every camera at one moment, side by side (never over the full-pane video).
        case montage(MontageModel, over: Scene)
        /// `i`: everything known about one event, in a box over the scene.
        case details(EventDetailsView, over: Scene)
        /// `Alt-k`: the question before every event shown is kept, on the message line.
        case keepConfirmation(KeepConfirmation, over: Scene)
    }

    /// The screens the other modes open over and return to.
    enum Scene: Sendable, Equatable {
        /// The list and the player side by side.
        case browse(Browse)
        /// `f`: the video over the whole terminal but the status line; Esc returns to `browse`.
        case fullPane(Browse)
        /// `T`: the timeline of every camera; `T` or Esc returns to the list and player as they were.
        case timeline(returnsTo: Browse)
    }

    /// The list and the player: which of them takes the keys, and whether Esc in the player goes
    /// back to the timeline (its playback was opened there).
    struct Browse: Sendable, Equatable {
        var focus: Focus = .list
        var fromTimeline = false
    }
}

extension AppState.Scene {
    /// The list and the player as they are under (or in) this scene.
    var browse: AppState.Browse {
        switch self {
        case .browse(let browse), .fullPane(let browse), .timeline(returnsTo: let browse): browse
        }
    }

    /// The same scene with the list and the player changed.
    func with(_ change: (inout AppState.Browse) -> Void) -> Self {
        var browse = browse
        change(&browse)
        return switch self {
        case .browse: .browse(browse)
        case .fullPane: .fullPane(browse)
        case .timeline: .timeline(returnsTo: browse)
        }
    }

    /// The bindings that apply on this scene.
    var keyContext: KeyContext {
        switch self {
        case .timeline: .timeline
        case .browse(let browse), .fullPane(let browse): browse.focus == .player ? .player : .list
        }
    }
}
