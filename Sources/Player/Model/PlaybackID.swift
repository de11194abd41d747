/// Which playback an update belongs to. Every ``Player/load(_:startAt:)`` (and a play after
/// stop) starts a new one; updates of an older playback are never delivered.
///
/// ```swift
/// let id = try player.load(source)
/// for update in player.drain() where update.playbackID == id { model.apply(update) }
/// ```
public struct PlaybackID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Increasing per player, starting at 1.
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    public static func < (lhs: PlaybackID, rhs: PlaybackID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "#\(rawValue)" }
}
