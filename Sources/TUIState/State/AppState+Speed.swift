import AppCore
import PlaybackStates

/// Playback speed (mpv's keys): `[` `]` ÷1.1 / ×1.1, `{` `}` ×0.5 / ×2, Backspace 1×. The speed
/// belongs to the session: it is kept across events and sent even before the first playback (the
/// player starts every playback with it).
extension AppState {
    /// Sets the session's speed to `requested`, clamped to ``PlaybackSpeed/range`` (and then says so).
    mutating func changeSpeed(to requested: Double, now: ContinuousClock.Instant) -> [AppEffect] {
        let wanted = PlaybackSpeed(requested)
        let changed = wanted != speed
        speed = wanted
        if PlaybackSpeed.range.contains(requested) {
            show("Speed \(wanted.text)", now: now)
        } else {
            show("Speed \(wanted.text): the \(requested < 1 ? "slowest" : "fastest") there is", now: now)
        }
        return changed ? [.player(.setSpeed(wanted.value))] : []
    }
}
