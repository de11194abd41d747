import TUI

/// Reading the one ``AppState/Mode``: what each part of the model needs to know of it, and the
/// one order in which keys reach the modes (``keyRoute``, published in the screen snapshot for
/// the key router and the status bar).
extension AppState {
    /// The scene on screen, or under the prompt, picker or montage (the list under the sign-in form).
    var scene: Scene {
        switch mode {
        case .signIn: .browse(Browse())
        case .scene(let scene), .filterEditing(over: let scene), .datePrompt(_, over: let scene),
             .cameraPicker(_, over: let scene), .valuePicker(_, over: let scene), .serverPicker(_, over: let scene),
             .montage(_, over: let scene), .details(_, over: let scene), .keepConfirmation(_, over: let scene):
            scene
        }
    }

    /// Changes the list and the player wherever they are (on screen or under another mode).
    mutating func updateBrowse(_ change: (inout Browse) -> Void) {
        switch mode {
        case .signIn: break
        case .scene(let scene): mode = .scene(scene.with(change))
        case .filterEditing(over: let scene): mode = .filterEditing(over: scene.with(change))
        case .datePrompt(let prompt, over: let scene): mode = .datePrompt(prompt, over: scene.with(change))
        case .cameraPicker(let picker, over: let scene): mode = .cameraPicker(picker, over: scene.with(change))
        case .valuePicker(let picker, over: let scene): mode = .valuePicker(picker, over: scene.with(change))
        case .serverPicker(let picker, over: let scene): mode = .serverPicker(picker, over: scene.with(change))
        case .montage(let model, over: let scene): mode = .montage(model, over: scene.with(change))
        case .details(let view, over: let scene): mode = .details(view, over: scene.with(change))
        case .keepConfirmation(let question, over: let scene): mode = .keepConfirmation(question, over: scene.with(change))
        }
    }

    /// Closes the prompt, picker or montage: back to the scene under it.
    mutating func closeToScene() {
        mode = .scene(scene)
    }

    /// A key to the open picker (``Picking``, the `c`, `o`, `z` and `N` pickers): it stays open
    /// (`reopen` puts it back over its scene), or closes to the scene with or without a choice.
    mutating func reduce<P: Picking>(picker: P, _ action: UserAction, reopen: (P, Scene) -> Mode) -> PickerOutcome<P.Choice> {
        var picker = picker
        let outcome = picker.reduce(action)
        switch outcome {
        case .stays: mode = reopen(picker, scene)
        case .closed, .chose: closeToScene()
        }
        return outcome
    }

    /// Which pane of the list and the player takes their keys.
    var focus: Focus { scene.browse.focus }

    /// The sign-in form, while it is shown.
    var form: SignInForm? {
        if case .signIn(let form) = mode { form } else { nil }
    }

    var isEditingFilter: Bool {
        if case .filterEditing = mode { true } else { false }
    }

    var datePrompt: DatePrompt? {
        if case .datePrompt(let prompt, _) = mode { prompt } else { nil }
    }

    var cameraPicker: CameraPicker? {
        if case .cameraPicker(let picker, _) = mode { picker } else { nil }
    }

    var valuePicker: ValuePicker? {
        if case .valuePicker(let picker, _) = mode { picker } else { nil }
    }

    var serverPicker: ServerPicker? {
        if case .serverPicker(let picker, _) = mode { picker } else { nil }
    }

    /// The timeline is the scene (on screen, or under a prompt, a picker or the montage).
    var isTimelineShown: Bool {
        if case .timeline = scene { true } else { false }
    }

    /// The `Alt-k` question, while it is asked.
    var keepConfirmation: KeepConfirmation? {
        if case .keepConfirmation(let question, _) = mode { question } else { nil }
    }

    /// The `i` box, while it is open.
    var detailsView: EventDetailsView? {
        if case .details(let view, _) = mode { view } else { nil }
    }

    /// The open montage.
    var montage: MontageModel? {
        if case .montage(let model, _) = mode { model } else { nil }
    }

    /// `f`: the video over the whole pane (also under a prompt or picker opened there).
    var isFullPane: Bool {
        if case .fullPane = scene { true } else { false }
    }

    /// Where the keys go: the one order of precedence, published in the snapshot for the key
    /// router and the status bar, and followed by ``apply(_:now:)``. The sign-in form takes every
    /// key and has no overlay; the prompts type text; then an open overlay (help, request log)
    /// over the mode; then a picker over its scene; then the montage's keys or the scene's.
    var keyRoute: KeyRoute {
        switch mode {
        case .signIn: return .context(.form)
        case .filterEditing, .datePrompt, .keepConfirmation: return .context(.filter)
        default: break
        }
        let context: KeyContext = if case .montage = mode { .montage } else { scene.keyContext }
        if overlay != nil { return .overlay(over: context) }
        switch mode {
        case .details: return .overlay(over: context)   // scrolled as an overlay; Esc or q closes it
        case .cameraPicker, .valuePicker, .serverPicker: return .picker(over: context)
        default: return .context(context)
        }
    }
}

extension AppState {
    /// Something on the screen shows camera health (Health/): the `c` picker, the timeline (also
    /// under a prompt or picker opened over it; not under the recorded montage, which has its own
    /// titles), the live montage's tiles and the live view's status bar. Health is asked for
    /// only while it is.
    var isHealthShown: Bool {
        form == nil && (cameraPicker != nil || (isTimelineShown && montage == nil) || montage?.isLive == true
            || playback?.live != nil)
    }

    /// When health needs a turn: only while it is shown.
    var healthDeadline: ContinuousClock.Instant? {
        isHealthShown ? health.nextDeadline : nil
    }

    /// Each camera's health badge by its shown name.
    var healthBadges: [String: CameraHealthBadge] {
        health.badges(cameras: catalogue.serverCameras)
    }
}
