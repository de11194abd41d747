import EventsAPI
import PlaybackStates
import Player
import Foundation

/// How events read in `eventplayer events`: the length column ("0:42", "1:02:05", "live", "—")
/// and live/ended. Start times are ``PlaybackStates/WallTimeText``'s, lengths
/// ``PlaybackStates/DurationText``'s, as in the TUI.
///
/// ```swift
/// EventFormatting.duration(event, now: .now)   // "2:05"
/// ```
public enum EventFormatting {
    /// The duration column: the clock, or "live" / "—" for events without an end.
    public static func duration(_ event: Event, now: Date) -> String {
        if let duration = event.duration { return DurationText.clock(duration) }
        return event.isLive(at: now) ? "live" : "—"
    }

    /// "live" or "ended".
    public static func state(_ event: Event, now: Date) -> String {
        event.isLive(at: now) ? "live" : "ended"
    }
}
