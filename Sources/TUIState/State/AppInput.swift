import AppCore
import Foundation
import EventsAPI
import TUI

/// Everything that changes ``AppState``: the user's actions, the playback's updates, and the
/// results of the async work the coordinator ran for an ``AppEffect``.
public enum AppInput: Sendable {
    case action(UserAction)
    /// One update of a playback (those of a playback that is no longer current are dropped).
    case playback(PlaybackUpdate)
    case signedIn(user: String)
    case signInFailed(message: String)
    /// The server's certificate needs the user's trust (``AppEffect/checkServer``).
    case certificateNeedsTrust(CertificateQuestion)
    /// The server's certificate cannot be trusted here; `message` says why and what to do.
    case certificateRefused(message: String)
    /// The certificate was pinned (``AppEffect/trustCertificate(fingerprint:)``); `message` says where.
    case certificateTrusted(message: String)
    /// What the server is, once probed.
    case serverIdentified(ServerIdentity)
    /// A page for the fetch `generation` (a refresh starts a new generation).
    case pageLoaded(EventsPage, generation: Int)
    /// `message` is the error's own line (lower case, no full stop); `needsSignIn`: the session is
    /// gone (show the form).
    case pageFailed(message: String, needsSignIn: Bool, generation: Int)
    /// How the background export (`e`) goes.
    case export(ExportUpdate)
    /// Writing the reviewed marks failed; `message` names the file and why.
    case reviewedSaveFailed(message: String)
    /// The server took the marks of ``AppEffect/sendReviewed(ids:isReviewed:)``.
    case reviewedSent(ids: [String], isReviewed: Bool)
    /// Sending them failed; `failure` says whether to try again, `message` why (the error's line).
    case reviewedSendFailed(ids: [String], isReviewed: Bool, failure: MarkSendFailure, message: String)
    /// The 1 s tick: expires messages.
    case tick
    /// The still of this event is ready (``StillLoader``), or could not be made.
    case stillReady(eventID: String)
    case stillFailed(eventID: String)
    /// Terminal video's mode is known now, e.g. "terminal·sixel" once the terminal said it draws
    /// sixel (the status bar shows it).
    case videoMode(String)
    /// A page of the timeline's events for fetch `generation`; `window` is set on its last page
    /// (the window is loaded).
    case timelineLoaded([Event], window: Range<Date>?, generation: Int)
    /// Loading `window` failed; `message` says why (the window is asked for again later).
    case timelineFailed(window: Range<Date>, message: String, generation: Int)
    /// How the montage plays now (after its players' updates, a command, a tick).
    case montage(MontageSnapshot)
    /// The events around the montage's moment, fetched when it opened.
    case montageEvents([Event])
    /// The montage could not start (`message` says why); it closes with the error shown.
    case montageFailed(String)
    /// The server's cameras in its order (an NVR's; none from the events service): the timeline's
    /// lanes and the montage follow that order, and the recording ones get coverage.
    case camerasLoaded([Camera], groups: [CameraGroup])
    /// What `camera` (its shown name) recorded in `window` of the timeline's fetch `generation`.
    case timelineCoverage(camera: String, spans: [Range<Date>], window: Range<Date>, generation: Int)
    /// The recording Enter asked for on the timeline, to play from `startAt` seconds into it.
    case recordingLoaded(Event, startAt: Double)
    /// The recording could not be had (`message` says why).
    case recordingFailed(String)
    /// The backend's answer to `L` (nil: no live view of that camera now).
    case liveLoaded(LiveRequest, Event?)
    /// `L`'s request failed (`message` says why).
    case liveFailed(LiveRequest, message: String)
    /// What the pane drew of the live feed (``LiveFrameMeter``), about once a second.
    case liveFrames(LiveFrames)
    /// The live montage's feeds (``AppEffect/fetchLiveMontage(_:)``), and why the cameras without
    /// one have none (by camera name).
    case liveMontageFeeds([Event], failures: [String: String])
    /// The labels and zones the server offers (``AppEffect/fetchFilterValues(cameras:)``): the
    /// `o` or `z` picker waiting for them opens.
    case filterValuesLoaded(FilterValues)
    /// They could not be had (`message` says why).
    case filterValuesFailed(String)
    /// What a poll of the list's fetch `generation` found (``AppEffect/follow(since:filter:inProgress:generation:)``).
    case followed(EventChanges, generation: Int)
    /// The poll failed; `message` says why (following backs off and tries again).
    case followFailed(message: String)
    /// The cameras' health (``AppEffect/fetchCameraHealth``); nil: the server reports none.
    case cameraHealthLoaded([CameraHealth]?)
    /// Asking for it failed (nothing is shown; it is asked again later, less often).
    case cameraHealthFailed
    /// The server search's answer (``AppEffect/search(_:semantic:generation:)``).
    case searchLoaded(EventSearch.Found, generation: Int)
    /// The server kept the events (or let them go).
    case keptSet(ids: [String], kept: Bool)
    /// The server did not; its answer.
    case keepFailed(ids: [String], kept: Bool, message: String)
    /// What the server knows about an event (``AppEffect/fetchDetails(_:coverage:)``).
    case detailsLoaded(EventDetails)
    case detailsFailed(eventID: String, message: String)
}
