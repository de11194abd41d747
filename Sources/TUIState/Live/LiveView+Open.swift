import EventsAPI
import Foundation
import Player
import SystemSupport
import TUI

/// `L`: a camera live in the player pane. The camera is the playing event's (player), the
/// selected event's (list) or the cursor's lane's (timeline); the coordinator asks the backend for
/// the feed at the pane's size and the link's rate (``AppEffect/fetchLive(_:)``) and the answer
/// plays as a playback with a ``LiveView``. `L`, Esc and `q` go back to where it was opened
/// (``LiveView/returnsTo``): the list, the timeline, or the event that played (resumed where it
/// was). Keys that need a recording (seeks, speed, frame steps) say that a live picture has none.
extension LiveView {
    /// The camera `L` shows: the timeline cursor's lane's (`lane`, its id in `serverCameras` where
    /// the server lists it), else the keyed event's.
    static func camera(lane: String?, keyed: Event?, serverCameras: [Camera]) -> (id: String, name: String)? {
        if let lane { return (serverCameras.first { $0.name == lane }?.id ?? lane, lane) }
        return keyed.map { ($0.camera, $0.cameraName) }
    }

    /// Where the live view `L` opens goes back to: the timeline it was pressed on; the event playing
    /// in the focused player, resumed at its knob; else where the live view on screen goes back to
    /// (another camera: the same place), else the list.
    static func returnsTo(onTimeline: Bool, playback: PlaybackModel?, isPlayerFocused: Bool) -> Return {
        if onTimeline { return .timeline }
        if let playback, playback.live == nil, isPlayerFocused {
            return .event(playback.event, position: playback.pendingSeekTarget ?? playback.position)
        }
        return playback?.live?.returnsTo ?? .list
    }

    /// True for the keys a live picture has nothing for: it has no recording to seek in, to play
    /// faster or slower, or to step through.
    static func needsRecording(_ action: UserAction) -> Bool {
        switch action {
        case .seekBy, .seek, .seekToStart, .seekToEnd, .multiplySpeed, .resetSpeed, .frameStep, .stop, .export,
             .toggleKept, .seekToHighestScore, .seekToAlarm:
            true
        default:
            false
        }
    }

    /// When the status bar is brought up to date next (the picture's age goes on).
    var nextDeadline: ContinuousClock.Instant? {
        frames.map { $0.at + Self.readingInterval }
    }
}

extension LiveRequest {
    /// Asks the backend for the feed; the message line says so meanwhile.
    func fetch(status: inout StatusLine, now: ContinuousClock.Instant) -> [AppEffect] {
        status.show("Opening \(TerminalText.printable(cameraName)) live…", now: now)
        return [.fetchLive(self)]
    }

    /// The same camera asked for again as playback `id` (Esc from the live montage).
    func again(id: PlaybackID) -> LiveRequest {
        var again = self
        again.id = id
        return again
    }

    /// The backend's answer: the playback that shows `feed` live, or nil with the error that the
    /// server offers none.
    func answered(_ feed: Event?, status: inout StatusLine) -> PlaybackModel? {
        guard let feed else {
            status.error = "No live view of \(TerminalText.printable(cameraName)) now: the server offers none for it"
            return nil
        }
        status.error = nil
        var model = PlaybackModel(event: feed, id: id, isLive: true)
        model.live = LiveView(camera: cameraName, returnsTo: returnsTo)
        return model
    }

    /// The backend could not answer.
    func failed(_ message: String, status: inout StatusLine) {
        status.error = "Cannot show \(TerminalText.printable(cameraName)) live: \(message)"
    }
}
