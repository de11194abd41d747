import EventsAPI
import Foundation
import PlaybackStates
import SystemSupport
import TUI

/// When the video pane fetches the still (first frame) of the event the selection rests on, as a
/// value: the selection must rest ``delay`` on an event before its still is asked for (moving on
/// restarts the wait, so scrolling through the list fetches nothing), a newer wish cancels the
/// still being fetched, and a still is shown only while it is still wanted. Nothing is scheduled
/// while the selection does not change (no deadline: an idle program stays at 0% CPU).
///
/// ```swift
/// var schedule = StillSchedule()
/// _ = schedule.want("evt-1", now: now)                    // []; due at now + delay
/// schedule.tick(now: now + StillSchedule.delay)           // [.load("evt-1")]
/// schedule.loaded("evt-1")                                // schedule.shown == "evt-1"
/// schedule.want(nil, now: now)                            // [] (a playback started: nothing shown)
/// ```
public struct StillSchedule: Sendable, Equatable {
    /// How long the selection rests on an event before its still is fetched.
    public static let delay: Duration = .milliseconds(300)

    public enum Effect: Sendable, Equatable {
        /// Fetch the still of this event (one at a time: it replaces any other).
        case load(String)
        /// Stop fetching the still being fetched.
        case cancel
    }

    /// The event whose still the pane wants (nil: none, e.g. something plays or video is off).
    public private(set) var wanted: String?
    /// When the wanted still is asked for; nil once asked (or when none is wanted).
    public private(set) var due: ContinuousClock.Instant?
    /// Asked for and not answered yet.
    public private(set) var loading: String?
    private var ready: String?

    public init() {}

    /// The still the pane shows now: ready and still wanted.
    public var shown: String? { ready != nil && ready == wanted ? ready : nil }

    /// When ``tick(now:)`` has work.
    public var nextDeadline: ContinuousClock.Instant? { due }

    /// The selection rests on `eventID` (nil: no still is wanted). Restarts the wait when it
    /// changed; cancels a fetch of another event's still.
    public mutating func want(_ eventID: String?, now: ContinuousClock.Instant) -> [Effect] {
        guard eventID != wanted else { return [] }
        wanted = eventID
        ready = nil
        due = eventID.map { _ in now + Self.delay }
        guard loading != nil else { return [] }
        loading = nil
        return [.cancel]
    }

    /// Asks for the wanted still once the selection has rested long enough.
    public mutating func tick(now: ContinuousClock.Instant) -> [Effect] {
        guard let wanted, let due, due <= now else { return [] }
        self.due = nil
        loading = wanted
        return [.load(wanted)]
    }

    /// The still of `eventID` is ready; shown if it is the one wanted.
    public mutating func loaded(_ eventID: String) {
        if loading == eventID { loading = nil }
        if eventID == wanted, due == nil { ready = eventID }
    }

    /// No still for `eventID` (the pane keeps its poster).
    public mutating func failed(_ eventID: String) {
        if loading == eventID { loading = nil }
    }
}

// MARK: - The video pane

/// The still in the model: while nothing plays, the video pane shows the first frame of the event
/// the selection rests on. Not while a playback is being prepared or plays, not for the event
/// whose playback just stopped or ended (its last frame stays), not with video off.
extension StillSchedule {
    /// The event whose still the pane wants now, if any: `selected` (nil while the sign-in form is
    /// shown) when the pane draws video and `playback` (the current one, if any) is idle on
    /// another event.
    static func candidate(selected: Event?, playback: PlaybackModel?, drawsVideo: Bool) -> Event? {
        guard drawsVideo, let selected else { return nil }
        guard let playback else { return selected }
        let idle = playback.finish != nil || (!playback.isPreparing && playback.playback == .stopped)
        return idle && playback.event.id != selected.id ? selected : nil
    }

    /// After every input: follows `candidate` (``candidate(selected:playback:drawsVideo:)``) and
    /// asks for its still once the selection has rested.
    mutating func follow(_ candidate: Event?, now: ContinuousClock.Instant) -> [AppEffect] {
        let effects = want(candidate?.id, now: now) + tick(now: now)
        return effects.map { effect in
            switch effect {
            case .load: candidate.map(AppEffect.loadStill) ?? .cancelStill
            case .cancel: .cancelStill
            }
        }
    }

    /// The pane while it shows the still of `selected`: its title, "first frame", stopped.
    func snapshot(of selected: Event?, player: PlayerSettings, now: Date, calendar: Calendar) -> PlayerPaneSnapshot? {
        guard let shown, let event = selected, event.id == shown else { return nil }
        return PlayerPaneSnapshot(
            title: TerminalText.printable("\(event.cameraName) · \(event.title ?? event.id)"),
            subtitle: TerminalText.printable("\(WallTimeText.start(event.startTime, now: now, calendar: calendar)) · \(event.bucket) · first frame"),
            playback: .stopped, duration: event.duration, isMuted: player.muted, volume: player.volume, videoModeText: player.videoModeText,
            networkText: player.networkText, isLive: event.isLive(at: now), showsVideo: true)
    }
}
