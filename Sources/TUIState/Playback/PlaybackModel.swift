import AppCore
import EventsAPI
import PlaybackStates
import Player

/// What the interactive app shows about the current playback: the event, the playback's last
/// reported state, and the knob while the user seeks with keys. Its ``id`` is the playback
/// session's identity. It decides and keeps nothing of the playback itself: position, duration
/// and finish are the session's (``session``, as its latest update carried them); the model's own
/// are view state (the knob's pending target, the frame-step display, the download rate).
struct PlaybackModel: Sendable {
    var event: Event
    var id: PlaybackID
    /// Tokens and playlist are being prepared (before the player has it).
    var isPreparing = true
    /// When the preparation started: while it lasts the status bar says "connecting…", then
    /// "waiting for the server (N s)", as the player does while it opens (PlaybackModel+Updates.swift, "Preparing").
    var preparingSince: ContinuousClock.Instant?
    var playback: PlaybackState = .stopped
    var load: LoadState = .unknown
    /// The session's account: position, duration, finish (``AppCore/PlaybackSession/Snapshot``).
    var session = PlaybackSession.Snapshot()
    var position: Double { session.position }
    var duration: Double? { session.duration }
    var finish: FinishReason? { session.finish }
    var bufferedAhead: Double = 0
    /// Where the knob goes while key seeks are in flight.
    var pendingSeekTarget: Double?
    var isLive = false
    /// The camera live (`L`): this playback is its feed (Live/).
    var live: LiveView?
    var timeline: StartupTimeline?
    /// A frame step happened and the user has not resumed since (Space, Enter): the slider shows
    /// hundredths. Not cleared by the player's own "playing" (mpv plays one frame for a step).
    var showsFrameTime = false
    /// The event's alarm frames (ZoneMinder), once the server said: `J`, PgUp/PgDn and the slider's marks.
    var alarms = AlarmMoments()
    /// The last download rate reported and until when it is shown (PlaybackModel+Updates.swift, "Download rate").
    var downloadRate: Double?
    var downloadRateUntil: ContinuousClock.Instant?

    init(event: Event, id: PlaybackID, isLive: Bool) {
        self.event = event
        self.id = id
        self.isLive = isLive
    }

    /// The seek target after moving by `delta` from the knob (pending target, else the position),
    /// kept within 0...duration.
    func target(by delta: Double) -> Double {
        clamp((pendingSeekTarget ?? position) + delta)
    }

    func clamp(_ seconds: Double) -> Double {
        let upper = duration ?? .greatestFiniteMagnitude
        return max(0, min(upper, seconds))
    }

    var isSeeking: Bool { playback == .seekingForward || playback == .seekingBackward }
}
