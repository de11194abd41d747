import PlaybackStates
/// Where playback is, for the seek slider: produced by the 1 s ``Player/tick(now:)`` and after
/// seeks, stops and loads.
///
/// ```swift
/// let p = player.snapshot.progress
/// slider.draw(fraction: p.fraction ?? 0, label: "\(p.positionText) / \(p.durationText)")
/// ```
public struct PlaybackProgress: Sendable, Equatable, CustomStringConvertible {
    /// Seconds from the start: mpv's `time-pos` (a reload's target while it is on its way; once
    /// unloaded, the last position mpv reported).
    public var position: Double
    /// Total seconds (`duration`), nil until known (and while a live playlist has no end).
    public var duration: Double?
    /// Seconds buffered ahead of the position (`demuxer-cache-state` cache-duration).
    public var bufferedAhead: Double

    public init(position: Double = 0, duration: Double? = nil, bufferedAhead: Double = 0) {
        self.position = position
        self.duration = duration
        self.bufferedAhead = bufferedAhead
    }

    /// `position / duration` clamped to 0...1, nil while the duration is unknown.
    public var fraction: Double? {
        guard let duration, duration > 0 else { return nil }
        return min(max(position / duration, 0), 1)
    }

    /// The position as `m:ss` (or `h:mm:ss`).
    public var positionText: String { DurationText.clock(position) }
    /// The duration as `m:ss`, or `--:--` while unknown.
    public var durationText: String { duration.map(DurationText.clock) ?? "--:--" }

    public var description: String { "\(positionText)/\(durationText) +\(DurationText.wholeSeconds(bufferedAhead))s" }

    /// Whole seconds as text for messages: `seconds(10) == "10 s"`, `seconds(2.5) == "2.5 s"`.
    public static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
