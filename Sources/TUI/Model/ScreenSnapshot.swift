/// The whole screen as a value: the App builds one and hands it to ``UILoop`` each turn.
/// Only the views whose part changed are redrawn.
///
/// ```swift
/// var screen = ScreenSnapshot()
/// screen.header = HeaderSnapshot(user: "Demo User", server: "127.0.0.1:8080", isDemo: true)
/// screen.list = EventListSnapshot(rows: rows)
/// screen.player = PlayerPaneSnapshot(title: "Front Door · Motion", kind: .playing)
/// screen.focus = .player
/// ```
public struct ScreenSnapshot: Hashable, Sendable {
    /// Nil shows the main screen; a value shows the sign-in form instead.
    public var signIn: SignInSnapshot?
    public var header: HeaderSnapshot
    public var list: EventListSnapshot
    /// Nil: nothing loaded (the pane says how to play).
    public var player: PlayerPaneSnapshot?
    /// Which of the list and the player is drawn focused.
    public var focus: Focus
    /// Where the keys go, as the model resolved it (its one order of precedence: TUIState's
    /// `AppState.keyRoute`). The key router maps keys in it; the status bar's hints follow it.
    public var route: KeyRoute
    /// Help or the request log, a layer over the screen that takes the keys first.
    public var overlay: Overlay?
    /// Transient message (the App clears it at its deadline).
    public var message: StatusMessage?
    /// Persistent error, shown until the App clears it (on ``UserAction/back``).
    public var error: String?
    public var requestLog: [RequestLogRow]
    public var timeline: [TimelineRow]
    /// A one-line prompt on the message line other than the `/` filter (the `t` date prompt).
    public var prompt: PromptSnapshot?
    /// A small pick list over the screen (the `c`, `o` and `z` pickers); it takes the keys while
    /// no overlay is open.
    public var picker: PickerSnapshot?
    /// A background export's progress for the status bar, e.g. "export 45% 1.2 MB 600 KB/s ETA 0:03".
    public var exportText: String?
    /// Auto-advance is on (`a`): the status bar says "auto".
    public var isAutoAdvance = false
    /// The video pane covers the whole terminal but the status line (`f`).
    public var isFullPane = false
    /// The timeline of every camera (`T`) in place of the list and the player.
    public var timelineView: TimelineViewSnapshot?
    /// Every camera at one moment, side by side (`M`), in place of everything else.
    public var montage: MontageScreen?
    /// The `i` box's lines (``Overlay/details``), printable already: headings without leading
    /// spaces, values indented; the view wraps them.
    public var detailLines: [String] = []

    public init(signIn: SignInSnapshot? = nil, header: HeaderSnapshot = .init(), list: EventListSnapshot = .init(),
                player: PlayerPaneSnapshot? = nil, focus: Focus = .list, route: KeyRoute? = nil,
                overlay: Overlay? = nil, message: StatusMessage? = nil, error: String? = nil,
                requestLog: [RequestLogRow] = [], timeline: [TimelineRow] = []) {
        self.signIn = signIn
        self.header = header
        self.list = list
        self.player = player
        self.focus = focus
        // Without one given: the form's with a form, else the focused pane's.
        self.route = route ?? .context(signIn != nil ? .form : focus == .player ? .player : .list)
        self.overlay = overlay
        self.message = message
        self.error = error
        self.requestLog = requestLog
        self.timeline = timeline
    }
}

extension ScreenSnapshot {
    /// The bindings in force (under an overlay or a picker, those of the mode beneath).
    public var keyContext: KeyContext { route.context }

    /// The main screen shows the player's pane (not the sign-in form, the timeline or a montage).
    public var showsPlayerPane: Bool { signIn == nil && timelineView == nil && montage == nil }
}
