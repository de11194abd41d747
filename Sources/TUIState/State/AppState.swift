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
    /// Who is signed in where (Servers/).
    var session: ServerSession
    /// The event list: its pages, the `/` and `u` views, the selection (List/).
    var list = EventList()
    /// The server-side filters (`t`, `c`, `s`, `o`, `z`; Filters/).
    var filters = ListFilters()
    /// What the server offers to filter by: cameras, groups, severities (Filters/).
    var catalogue: ServerCatalogue
    /// The message line.
    var status = StatusLine()
    /// The current (or last) playback; nil before the first (Playback/).
    var playback: PlaybackModel?
    /// How every playback plays and is drawn: volume, speed, framing, video (Playback/).
    var player = PlayerSettings()
    /// Reviewed marks and moving on (Reviewed/, Advance/).
    var review = ReviewState()
    /// The background export (`e`; Export/).
    var export = ExportState()
    /// The selected event's still (Still/).
    var still = StillSchedule()
    /// The timeline of every camera (`T`; Timeline/), kept while closed.
    var timeline: TimelineState?
    /// The list following the server (`F`; Follow/).
    var follow: ListFollow
    /// The cameras' health as the server reports it, while something shows it (Health/).
    var health = CameraHealthBoard()

    /// Fetch the next page when the selection is this close to the last loaded row.
    static let prefetchDistance = 10
    public static let pageSize = 100
    /// A `/` search's matches kept at most (the newest).
    public static let searchLimit = 2_000

    public init(server: String, isDemo: Bool, user: String?, videoModeText: String = "", networkText: String = "",
                isTerminalVideo: Bool = false, speed: Double = 1, home: String = "", signInLabel: String = "Email",
                severities: [String] = [], cameraSets: [CameraGroup] = [], servers: [KnownServer] = [],
                follow: ListFollow = ListFollow(), keepName: String? = nil) {
        self.follow = follow
        session = ServerSession(user: user ?? "", server: server, isDemo: isDemo, signInLabel: signInLabel,
                                servers: servers, home: home)
        catalogue = ServerCatalogue(cameraSets: cameraSets, severities: severities)
        review.keep.name = keepName
        player.videoModeText = videoModeText
        player.networkText = networkText
        player.isTerminalVideo = isTerminalVideo
        player.speed = PlaybackSpeed(speed)
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
        [status.message?.expires, still.nextDeadline, playback?.downloadRateUntil, playback?.preparingDeadline, review.serverMarks?.nextDeadline,
         follow.nextDeadline, playback?.live?.nextDeadline, healthDeadline].compactMap { $0 }.min()
    }

    /// The events the list shows (``EventList/visible(marks:)``: the `/` text and the `u` view).
    var visibleEvents: [Event] {
        list.visible(marks: review.marks)
    }

    /// The shown event under the list's selection: what Enter, `M`, the still act on.
    var selectedEvent: Event? {
        list.selected(marks: review.marks)
    }

    /// The timeline's lanes, the montage's and `L`'s cameras: the server's cameras in its order
    /// (an NVR's), then every other camera seen (in the list or the timeline) by name; or the `c`
    /// camera alone, or its group's.
    var timelineCameras: [String] {
        filters.shownCameras ?? catalogue.pickableCameras(current: filters.camera)
    }

    /// The event the keys act on (`e`, `x`, `T`, `L`): the playing one while the player has the
    /// keys (the selected one before anything played), else the selected one.
    var keyedEvent: Event? {
        focus == .player ? playback?.event ?? selectedEvent : selectedEvent
    }

    /// The event whose still the video pane wants now (none under the sign-in form; Still/).
    var stillCandidate: Event? {
        StillSchedule.candidate(selected: form == nil ? selectedEvent : nil, playback: playback, drawsVideo: player.drawsVideo)
    }

    /// The event whose still the pane shows now (the coordinator draws its pixels).
    public var shownStillEventID: String? { still.shown }

    /// The playback showing a camera live, if one is: the coordinator measures its frames.
    public var livePlaybackID: PlaybackID? {
        playback?.live == nil ? nil : playback?.id
    }

    mutating func show(_ text: String, now: ContinuousClock.Instant) {
        status.show(text, now: now)
    }

    /// Shows `text` as an error until Esc (the coordinator's own, e.g. the key map's problems).
    public mutating func showError(_ text: String) {
        status.error = text
    }
}
