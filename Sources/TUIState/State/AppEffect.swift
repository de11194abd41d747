import AppCore
import Foundation
import EventsAPI
import Player
import TUI

/// Work the reducer asks the coordinator to do (I/O stays outside ``AppState``).
public enum AppEffect: Sendable, Equatable {
    case signIn(email: String, password: String)
    /// Before the sign-in form is used: examine the server's certificate (https) as `login` does,
    /// and probe what the server is; answered by ``AppInput/certificateNeedsTrust(_:)``,
    /// ``AppInput/certificateRefused(message:)`` or ``AppInput/serverIdentified(_:)``.
    case checkServer
    /// The user typed yes: pin the server's certificate if it is still the one with this
    /// fingerprint (as `login` pins), then probe the server; answered by
    /// ``AppInput/certificateTrusted(message:)`` and ``AppInput/serverIdentified(_:)``, or
    /// ``AppInput/signInFailed(message:)`` when it cannot be pinned.
    case trustCertificate(fingerprint: String)
    /// Fetch a page (`cursor` nil: the first page) for fetch `generation`, with the list's server-side `filter`.
    case fetchPage(cursor: String?, generation: Int, filter: EventFilter = EventFilter())
    /// Start `event` as playback `id` at `startAt` seconds (the current one stops first).
    case startPlayback(Event, id: PlaybackID, startAt: Double)
    /// A transport command for the current playback (`.stop` finishes it).
    case player(PlayerCommand)
    /// Terminal video on or off (`v`); playback goes on.
    case setVideo(enabled: Bool)
    /// Export `event` to a file in the background (`e`); progress comes back as ``AppInput/export(_:)``.
    case startExport(Event)
    /// Save event `id`'s reviewed mark (`x`, or played to its end) to the marks file.
    case saveReviewed(id: String, isReviewed: Bool)
    /// Save several marks at once (`X`): one write of the marks file, one request to a server
    /// that keeps the marks.
    case saveReviewedSet(ids: [String], isReviewed: Bool)
    /// Send marks to a server that keeps them (Frigate), in one request; the answer comes back as
    /// ``AppInput/reviewedSent(ids:isReviewed:)`` or ``AppInput/reviewedSendFailed(ids:isReviewed:failure:message:)``.
    case sendReviewed(ids: [String], isReviewed: Bool)
    /// Write the journal of the marks the server has not confirmed yet (all of them, oldest
    /// first), for the next start to send.
    case writePendingMarks([PendingMark])
    /// Save the frame of playback `id` at about `position` seconds of `event` as a PNG (`S`); the
    /// result comes back as the playback's `.screenshot` update.
    case saveSnapshot(Event, id: PlaybackID, position: Double)
    /// Fetch the first frame of `event` for the video pane (a newer one replaces it).
    case loadStill(Event)
    /// Stop fetching a still (a playback starts, or the selection moved on).
    case cancelStill
    /// Fetch every event that starts in `window` (all pages, `since`/`until`) for the timeline's
    /// fetch `generation`; pages come back as ``AppInput/timelineLoaded(_:window:generation:)``.
    case fetchTimelineWindow(Range<Date>, generation: Int)
    /// Fetch what `cameras` recorded in `window` (an NVR's recordings) for the timeline's fetch
    /// `generation`; each camera's spans come back as ``AppInput/timelineCoverage(camera:spans:window:generation:)``.
    case fetchCoverage(Range<Date>, cameras: [Camera], generation: Int)
    /// Fetch `camera`'s recording over `range` as a playable event; it comes back as
    /// ``AppInput/recordingLoaded(_:startAt:)`` to play from `startAt`.
    case fetchRecording(camera: Camera, range: Range<Date>, startAt: Double)
    /// `L`: ask the backend for the camera live (``EventBackend/live(camera:quality:)``) at the
    /// pane's size and the link's rate; it comes back as ``AppInput/liveLoaded(_:_:)``.
    case fetchLive(LiveRequest)
    /// `M` in the live view: ask the backend for each of `cameras` live at a tile's size; the
    /// feeds come back as ``AppInput/liveMontageFeeds(_:failures:)``.
    case fetchLiveMontage([Camera])
    /// Play a live montage of `cameras` (names, in tile order) with `feeds` (replacing one that
    /// plays).
    case startLiveMontage(cameras: [String], feeds: [Event])
    /// Play a montage of `cameras` at `moment` (replacing one that plays) at `speed`, paused when
    /// `paused` (another page of a paused montage), starting with `events`, and fetch the events
    /// around the moment (they come back as ``AppInput/montageEvents(_:)``); its reports come back
    /// as ``AppInput/montage(_:)``.
    case startMontage(cameras: [String], at: Date, events: [Event], speed: Double, paused: Bool = false)
    /// A transport or focus command for every tile of the montage.
    case montage(MontageCommand)
    /// More events for the montage's tiles (a window arrived).
    case addMontageEvents([Event])
    /// Stop the montage and its players.
    case stopMontage
    /// Ask the server which labels and zones it offers for `cameras` (names as shown; nil: every
    /// camera), for the `o` or `z` picker; they come back as ``AppInput/filterValuesLoaded(_:)``.
    case fetchFilterValues(cameras: [String]?)
    /// Ask the server what changed near the present (following): the events matching `filter`
    /// from a little before `since` (the newest start loaded), and the events `inProgress` as
    /// they are now; the answer comes back as ``AppInput/followed(_:generation:)`` or
    /// ``AppInput/followFailed(message:)``.
    case follow(since: Date?, filter: EventFilter, inProgress: [Event], generation: Int)
    /// Ask the server for its cameras' health (``EventBackend/cameraHealth()``); the answer comes
    /// back as ``AppInput/cameraHealthLoaded(_:)`` or ``AppInput/cameraHealthFailed``.
    case fetchCameraHealth
    /// Tell the person through the terminal (a new alert while following; Notify/): written
    /// after the next screen update, in the foreground only.
    case notify(TerminalNotice)
    /// End this session of the TUI and start one on another server (`N`); the terminal stays.
    case switchServer(KnownServer.Target)
    /// `/` and Enter: every event the server has that `filter` (with its search text) admits
    /// (``EventSearch``), the semantic search where asked and offered (``AppInput/searchLoaded(_:generation:)``;
    /// a failure is ``AppInput/pageFailed(message:needsSignIn:generation:)``).
    case search(EventFilter, semantic: Bool, generation: Int)
    /// `K`: keep these events past the server's retention, or let them go (``AppInput/keptSet(ids:kept:)``).
    case setKept(ids: [String], kept: Bool)
    /// `i`: everything the server knows about the event (``AppInput/detailsLoaded(_:)``), with the
    /// camera's recording around it when `coverage` (a playback asks only for the alarm frames).
    case fetchDetails(Event, coverage: Bool)
    case quit
}
