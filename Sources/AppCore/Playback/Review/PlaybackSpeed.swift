/// The playback speed of a session: mpv's speed keys (`[` `]` `{` `}` Backspace) multiply it,
/// kept within 0.25×…16×, and it stays set across events.
///
/// ```swift
/// var speed = PlaybackSpeed.normal
/// speed = speed.multiplied(by: 1.1).multiplied(by: 1.1)
/// speed.text                                        // "1.21×"
/// PlaybackSpeed(40).value                           // 16 (clamped)
/// PlaybackSpeed.normal.multiplied(by: 0.1).isAtLimit // true: 0.25 is the slowest
/// ```
public struct PlaybackSpeed: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The speeds the keys and the config file allow.
    public static let range = 0.25...16.0
    /// 1×.
    public static let normal = PlaybackSpeed(1)

    /// The speed factor, within ``range``.
    public let value: Double

    /// `value` clamped to ``range`` and rounded to millionths (so ×1.1 then ÷1.1 is 1 again).
    /// Not a number gives 1×.
    public init(_ value: Double) {
        let clamped = value.isNaN ? 1 : min(max(value, Self.range.lowerBound), Self.range.upperBound)
        self.value = (clamped * 1_000_000).rounded() / 1_000_000
    }

    /// This speed times `factor`, clamped.
    public func multiplied(by factor: Double) -> PlaybackSpeed { PlaybackSpeed(value * factor) }

    /// 1×.
    public var isNormal: Bool { value == 1 }

    /// At 0.25× or 16×.
    public var isAtLimit: Bool { value == Self.range.lowerBound || value == Self.range.upperBound }

    /// Two decimals at most, trailing zeros dropped: "1.21×", "2×", "0.5×", "0.25×".
    public var text: String {
        let hundredths = Int((value * 100).rounded())
        let whole = hundredths / 100, fraction = hundredths % 100
        let decimals = fraction == 0 ? "" : fraction % 10 == 0 ? ".\(fraction / 10)" : fraction < 10 ? ".0\(fraction)" : ".\(fraction)"
        return "\(whole)\(decimals)×"
    }

    public var description: String { text }
}
