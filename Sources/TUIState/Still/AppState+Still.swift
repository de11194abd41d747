import PlaybackStates
import EventsAPI
import Foundation
import SystemSupport
import TUI

/// The still of the selected event (terminal video): while nothing plays, the video pane shows
/// the first frame of the event the selection rests on (``StillSchedule`` decides when it is
/// fetched). Not while a playback is being prepared or plays, not for the event whose playback
/// just stopped or ended (its last frame stays), not with video off.
extension AppState {
    /// The event whose still the pane wants now, if any.
    var stillCandidate: Event? {
        guard player.isTerminalVideo, player.isVideoOn, form == nil, let event = selectedEvent else { return nil }
        guard let playback else { return event }
        let idle = playback.finish != nil || (!playback.isPreparing && playback.playback == .stopped)
        return idle && playback.event.id != event.id ? event : nil
    }

    /// After every input: follows the selection and asks for the still once it has rested.
    mutating func followSelectionForStill(now: ContinuousClock.Instant) -> [AppEffect] {
        let candidate = stillCandidate
        let effects = still.want(candidate?.id, now: now) + still.tick(now: now)
        return effects.map { effect in
            switch effect {
            case .load: candidate.map(AppEffect.loadStill) ?? .cancelStill
            case .cancel: .cancelStill
            }
        }
    }

    /// A still's answer from the loader.
    mutating func applyStill(_ eventID: String, ready: Bool) {
        if ready { still.loaded(eventID) } else { still.failed(eventID) }
    }

    /// The event whose still the pane shows now (the coordinator draws its pixels).
    public var shownStillEventID: String? { still.shown }

    /// The pane while it shows the selected event's still: its title, "first frame", stopped.
    func stillSnapshot(now: Date, calendar: Calendar) -> PlayerPaneSnapshot? {
        guard let id = still.shown, let event = selectedEvent, event.id == id else { return nil }
        return PlayerPaneSnapshot(
            title: TerminalText.printable("\(event.cameraName) · \(event.title ?? event.id)"),
            subtitle: TerminalText.printable("\(WallTimeText.start(event.startTime, now: now, calendar: calendar)) · \(event.bucket) · first frame"),
            playback: .stopped, duration: event.duration, isMuted: player.muted, volume: player.volume, videoModeText: player.videoModeText,
            networkText: player.networkText, isLive: event.isLive(at: now), showsVideo: true)
    }
}
