import AppCore
import EventsAPI
import Foundation
import PlaybackStates
import Player
import SystemSupport
import TUI

/// `L`: a camera live in the player pane. The camera is the playing event's (player), the
/// selected event's (list) or the cursor's lane's (timeline); the coordinator asks the backend for
/// the feed at the pane's size and the link's rate (``AppEffect/fetchLive(_:)``) and the answer
/// plays as a playback with a ``LiveView``. `L`, Esc and `q` go back to where it was opened: the
/// list, the timeline, or the event that played (resumed where it was). Keys that need a
/// recording (seeks, speed, frame steps) say that a live picture has none.
extension AppState {
    /// `L` where the list, the player or the timeline has the keys.
    mutating func showLive(now: ContinuousClock.Instant) -> [AppEffect] {
        if let live = playback?.live, focus == .player || isFullPane { return leaveLive(live) }
        guard let (cameraID, cameraName) = liveCamera else {
            show("No camera to show live: select an event", now: now)
            return []
        }
        let returnsTo: LiveView.Return
        if case .timeline = scene {
            returnsTo = .timeline
        } else if let model = playback, model.live == nil, focus == .player {
            returnsTo = .event(model.event, position: model.pendingSeekTarget ?? model.position)
        } else {
            returnsTo = playback?.live?.returnsTo ?? .list   // another camera: back to the same place
        }
        player.lastPlaybackID += 1
        show("Opening \(TerminalText.printable(cameraName)) live…", now: now)
        return [.fetchLive(LiveRequest(cameraID: cameraID, cameraName: cameraName, id: PlaybackID(rawValue: player.lastPlaybackID),
                                       returnsTo: returnsTo))]
    }

    /// The camera `L` shows: the timeline cursor's lane, the playing event's, or the selected one's.
    private var liveCamera: (id: String, name: String)? {
        if case .timeline = scene, let timeline, timelineCameras.indices.contains(timeline.lane) {
            let name = timelineCameras[timeline.lane]
            return (catalogue.serverCameras.first { $0.name == name }?.id ?? name, name)
        }
        return keyedEvent.map { ($0.camera, $0.cameraName) }
    }

    /// The backend's answer to `L`: the feed plays in the pane (the player focused), or the
    /// message says there is none. Dropped when another playback or `L` came since.
    mutating func liveLoaded(_ request: LiveRequest, _ event: Event?, now: ContinuousClock.Instant) -> [AppEffect] {
        guard request.id.rawValue == player.lastPlaybackID else { return [] }
        guard let event else {
            status.error = "No live view of \(TerminalText.printable(request.cameraName)) now: the server offers none for it"
            return []
        }
        var model = PlaybackModel(event: event, id: request.id, isLive: true)
        model.live = LiveView(camera: request.cameraName, returnsTo: request.returnsTo)
        playback = model
        switch scene {
        case .fullPane: break
        case .browse, .timeline: mode = .scene(.browse(Browse(focus: .player)))
        }
        status.error = nil
        return [.startPlayback(event, id: request.id, startAt: 0)]
    }

    /// The backend could not answer `L`.
    mutating func liveFailed(_ request: LiveRequest, message: String) {
        guard request.id.rawValue == player.lastPlaybackID else { return }
        status.error = "Cannot show \(TerminalText.printable(request.cameraName)) live: \(message)"
    }

    /// A reading of the frames the pane drew of the live feed.
    mutating func liveFramesMeasured(_ frames: LiveFrames) {
        playback?.live?.frames = frames
    }

    /// `L`, Esc or `q` in the live view: the feed stops and the screen goes back to where `L` was
    /// pressed.
    mutating func leaveLive(_ live: LiveView) -> [AppEffect] {
        playback = nil
        status.error = nil
        switch live.returnsTo {
        case .list:
            mode = .scene(.browse(Browse(focus: .list)))
            return [.player(.stop)]
        case .timeline:
            mode = .scene(.timeline(returnsTo: Browse(focus: .list)))
            return [.player(.stop)]
        case .event(let event, let position):
            player.lastPlaybackID += 1
            let id = PlaybackID(rawValue: player.lastPlaybackID)
            playback = PlaybackModel(event: event, id: id, isLive: event.isLive(at: Date()))
            if case .fullPane = scene {} else { mode = .scene(.browse(Browse(focus: .player))) }
            return [.startPlayback(event, id: id, startAt: position)]
        }
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

    /// The playback showing a camera live, if one is: the coordinator measures its frames.
    public var livePlaybackID: PlaybackID? {
        playback?.live == nil ? nil : playback?.id
    }

    /// When the live view's status bar is brought up to date next (the picture's age goes on).
    var liveDeadline: ContinuousClock.Instant? {
        guard let live = playback?.live else { return nil }
        return live.frames.map { $0.at + LiveView.readingInterval }
    }
}

// MARK: - Every camera live (`M` in the live view)

extension AppState {
    /// Esc from the live montage: the camera it was opened from, live again.
    mutating func reopenLive(_ request: LiveRequest, now: ContinuousClock.Instant) -> [AppEffect] {
        player.lastPlaybackID += 1
        show("Opening \(TerminalText.printable(request.cameraName)) live…", now: now)
        var again = request
        again.id = PlaybackID(rawValue: player.lastPlaybackID)
        return [.fetchLive(again)]
    }

    /// Enter on a live tile: the newest loaded event of `camera` is selected and plays.
    mutating func openLatestEvent(of camera: String, now: ContinuousClock.Instant) -> [AppEffect] {
        closeToScene()
        guard let index = visibleEvents.firstIndex(where: { $0.cameraName == camera }) else {
            show("No event of \(TerminalText.printable(camera)) is loaded (r reloads the list)", now: now)
            return []
        }
        _ = select(index)
        return playSelected(now: now)
    }
}
