import EventsAPI
import TUI

/// What the App knows about the current playback: the event, the player's last reported
/// state, and the knob while the user seeks with keys.
struct PlaybackModel: Sendable {
    var event: Event
    var generation: Int
    /// Tokens and playlist are being prepared (before the player has it).
    var isPreparing = true
    var kind: PlaybackKind = .stopped
    var load: TUI.LoadState = .none
    var finish: TUI.FinishReason?
    var position: Double = 0
    var duration: Double?
    var bufferedAhead: Double = 0
    /// Where the knob goes while key seeks are in flight.
    var pendingSeekTarget: Double?
    var isLive = false
    var timeline: [TimelineRow] = []

    init(event: Event, generation: Int, isLive: Bool) {
        self.event = event
        self.generation = generation
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

    var isSeeking: Bool { kind == .seekingForward || kind == .seekingBackward }
}
