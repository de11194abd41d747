import Foundation

/// Decides whether an event is complete (play it from a private file whose media playlists end with
/// `#EXT-X-ENDLIST`) or live (play the remote URL as it grows). docs/playback.md.
///
/// An event is complete when it has an `endTime`, or when it started more than ``liveWindow``
/// seconds (10 minutes) ago. The clock is injected so tests can move it.
/// ```swift
/// let policy = EndListPolicy(now: { Date(timeIntervalSince1970: 1_000) })
/// policy.isComplete(startTime: Date(timeIntervalSince1970: 0), endTime: nil)   // true: 1000 s > 600 s
/// ```
public struct EndListPolicy: Sendable {
    /// Age after which an event without `endTime` counts as complete; 600 s.
    public var liveWindow: TimeInterval
    /// The clock.
    public var now: @Sendable () -> Date

    public init(liveWindow: TimeInterval = 600, now: @escaping @Sendable () -> Date = { Date() }) {
        self.liveWindow = liveWindow
        self.now = now
    }

    /// True when the event has ended or started more than ``liveWindow`` ago.
    public func isComplete(startTime: Date, endTime: Date?) -> Bool {
        if endTime != nil { return true }
        return now().timeIntervalSince(startTime) > liveWindow
    }

    /// ``isComplete(startTime:endTime:)`` for a ``PlaybackSource``; a clip cut when it was asked
    /// for (``PlaybackSource/isClipCutWhenAsked``) is complete whatever its event's age.
    public func isComplete(_ source: PlaybackSource) -> Bool {
        source.isClipCutWhenAsked || isComplete(startTime: source.startTime, endTime: source.endTime)
    }
}
