import AppCore
import EventsAPI
import Foundation
import Player
import TUI

/// The whole interactive program as a value. ``reduce(_:now:)`` is pure: it changes the state
/// and returns ``AppEffect``s for the coordinator; ``screen(now:calendar:)`` maps it to what the TUI draws.
///
/// ```swift
/// var state = AppState(server: "http://127.0.0.1:8080", isDemo: false, user: nil)
/// let effects = state.reduce(.action(.insertText("demo@eventplayer.dev")), now: .now)
/// ```
public struct AppState: Sendable {
    /// What has the screen and the keys, one at a time (Mode/): the sign-in form, the list and
    /// the player, full-pane video, the timeline, a prompt, a picker or the montage.
    var mode: Mode
    /// Help or the request log, over any mode but the sign-in form.
    var overlay: Overlay?
    var user: String
    var server: String
    var isDemo: Bool

    // Event list.
    var events: [Event] = []
    var nextCursor: String?
    /// The cursors this listing has followed: a server that repeats one stops paging.
    var pageCursors = PageCursors()
    var isLoading = false
    /// Bumped by a refresh; pages of older generations are dropped.
    var fetchGeneration = 0
    var filterText = ""
    /// Index into ``visibleEvents``.
    var selectedIndex = 0

    var message: TimedMessage?
    /// Stays until Esc.
    public var error: String?

    /// The current (or last) playback; nil before the first.
    var playback: PlaybackModel?
    /// The identity of the last playback started (each Enter on the list starts a new one).
    var lastPlaybackID = 0
    var muted = false
    var volume = 100
    /// e.g. "terminal·half", "window" or "no video" (the status bar shows it).
    var videoModeText = ""
    /// e.g. "net: proxy".
    var networkText = ""
    /// Video is drawn in the pane (`--video terminal`, or auto without a display / over SSH).
    var isTerminalVideo = false
    /// `v` turns the terminal picture off and on.
    var isVideoOn = true
    /// Zoom and pan of the picture (Alt keys; AppState+Framing.swift).
    var framing = VideoFraming()
    /// The session's playback speed (`[` `]` `{` `}` Backspace); every playback starts with it.
    var speed = PlaybackSpeed.normal
    /// The home directory, shown as `~` in paths on the status line ("" shows paths whole).
    var home = ""

    // Server-side filters (`t`, `c`) and the background export (`e`): AppState+Filters, AppState+Export.
    var listFilters = ListFilters()
    /// The `o` (label) or `z` (zone) picker asked for while the server's values are on the way
    /// (it opens as ``Mode/valuePicker(_:over:)`` once they came).
    var awaitedPicker: ValuePicker.Kind?
    var knownCameras: Set<String> = []
    /// The server's cameras in its order and its camera groups (``AppInput/camerasLoaded(_:groups:)``);
    /// empty for the events service.
    var serverCameras: [Camera] = []
    var serverGroups: [CameraGroup] = []
    /// The config file's `[camera-sets]`: offered by the `c` picker before the server's groups.
    let cameraSets: [CameraGroup]
    /// The severities the server files events under, in its order (Frigate: alert, detection); `s`
    /// cycles through them. Empty for the events service.
    var severities: [String]
    /// The servers the `N` picker offers (``KnownServer``).
    let servers: [KnownServer]
    var exportJob: ExportJob?
    /// `q` said an export is running; the next `q` quits.
    var quitWarned = false
    // Review (AppState+Advance.swift, AppState+Reviewed.swift).
    /// `a`: an event that plays to its end starts the next one.
    var isAutoAdvance = false
    /// `>` at the last loaded row: the next event plays once the next page arrives.
    var pendingAdvance: PendingAdvance?
    /// Reviewed events (loaded at start, saved by the coordinator on each change).
    var reviewed = ReviewedMarks()
    /// The server keeps the marks (Frigate): changes go through ``pendingMarks`` to it.
    var marksOnServer = false
    /// Marks the server has not confirmed yet (shown pending, sent again when it answers).
    var pendingMarks = PendingMarks()
    /// `u`: the list shows only the events not reviewed yet.
    var isUnreviewedOnly = false
    /// A reviewed event that stays in the unreviewed-only list until the selection leaves it.
    var keptReviewedID: String?
    /// The selected event's still (AppState+Still.swift).
    var still = StillSchedule()
    /// The timeline of every camera (`T`; AppState+Timeline.swift), kept while closed.
    var timeline: TimelineState?
    /// The list following the server (`F`; Follow/).
    var follow: ListFollow
    /// The cameras' health as the server reports it, while the picker or the timeline shows it (Health/).
    var health = CameraHealthBoard()

    /// How long transient messages stay.
    static let messageLifetime: Duration = .seconds(4)
    /// Fetch the next page when the selection is this close to the last loaded row.
    static let prefetchDistance = 10
    public static let pageSize = 100

    /// What the sign-in form calls the user (``EventBackend/userPrompt``).
    var signInLabel: String
    /// What a probe found the server to be (``ServerIdentity/name``): a form shown again names it.
    var serverName: String?

    public init(server: String, isDemo: Bool, user: String?, videoModeText: String = "", networkText: String = "",
                isTerminalVideo: Bool = false, speed: Double = 1, home: String = "", signInLabel: String = "Email",
                severities: [String] = [], cameraSets: [CameraGroup] = [], servers: [KnownServer] = [],
                follow: ListFollow = ListFollow()) {
        self.follow = follow
        self.servers = servers
        self.signInLabel = signInLabel
        self.cameraSets = cameraSets
        self.severities = severities
        self.server = server
        self.isDemo = isDemo
        self.user = user ?? ""
        self.videoModeText = videoModeText
        self.networkText = networkText
        self.isTerminalVideo = isTerminalVideo
        self.speed = PlaybackSpeed(speed)
        self.home = home
        mode = user == nil ? .signIn(SignInForm(userLabel: signInLabel)) : .scene(.browse(Browse()))
    }

    /// Effects to run at start: the first page when already signed in, else the server's check
    /// (its certificate, what it is) for the sign-in form.
    public mutating func start() -> [AppEffect] {
        form == nil ? beginRefresh() : [.checkServer]
    }

    /// When ``reduce(_:now:)`` wants a `.tick`: the message's expiry, when a still, a poll or the
    /// cameras' health is due, or when pending marks are sent again.
    public var nextDeadline: ContinuousClock.Instant? {
        [message?.expires, still.nextDeadline, playback?.downloadRateUntil, preparingDeadline, pendingMarks.nextDeadline,
         follow.nextDeadline, liveDeadline, healthDeadline].compactMap { $0 }.min()
    }

    mutating func show(_ text: String, now: ContinuousClock.Instant) {
        message = TimedMessage(text: text, expires: now + Self.messageLifetime)
    }
}

/// A transient status line and when it goes away.
struct TimedMessage: Sendable, Equatable {
    var text: String
    var expires: ContinuousClock.Instant
}
