/// Where playback is, for the seek slider: produced by the 1 s ``Player/tick(now:)`` and after
/// seeks, stops and loads.
///
/// ```swift
/// let p = player.snapshot.progress
/// slider.draw(fraction: p.fraction ?? 0, label: "\(p.positionText) / \(p.durationText)")
/// ```
public struct PlaybackProgress: Sendable, Equatable, CustomStringConvertible {
    /// Seconds from the start (`time-pos`; after a stop, the slider's stored position).
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
    public var positionText: String { PlaybackProgress.clock(position) }
    /// The duration as `m:ss`, or `--:--` while unknown.
    public var durationText: String { duration.map(PlaybackProgress.clock) ?? "--:--" }

    public var description: String { "\(positionText)/\(durationText) +\(Self.wholeSeconds(bufferedAhead))s" }

    /// Whole seconds as text for messages: `seconds(10) == "10 s"`, `seconds(2.5) == "2.5 s"`.
    public static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    /// Whole seconds (rounded down) in 0...10^15: a duration from a hostile playlist (EXTINF values
    /// adding up past `Int.max`, NaN, infinity) shows a capped clock instead of trapping in `Int(_:)`.
    public static func wholeSeconds(_ seconds: Double) -> Int {
        seconds.isFinite ? Int(min(max(seconds, 0), 1e15).rounded(.down)) : 0
    }

    /// Formats seconds as `m:ss`, or `h:mm:ss` from an hour on: `clock(71) == "1:11"`.
    public static func clock(_ seconds: Double) -> String {
        let total = wholeSeconds(seconds)
        let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
        let ss = s < 10 ? "0\(s)" : "\(s)"
        if h > 0 { return "\(h):\(m < 10 ? "0\(m)" : "\(m)"):\(ss)" }
        return "\(m):\(ss)"
    }
}
