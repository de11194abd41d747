import Foundation

/// Where `J` jumps and what `]`-style keys step between: an event's alarm moments
/// (``EventDetails/alarmFrames``, oldest first).
///
/// ```swift
/// let details = try await backend.details(of: event)
/// if let jump = details.highestAlarmFrame { player.seek(to: jump.offset) }
/// let next = details.alarmFrame(after: position)
/// ```
extension EventDetails {
    /// The highest-scoring alarm moment, the first of them when several share the highest score
    /// (as ZoneMinder's `MaxScoreFrameId` is); nil without alarm frames.
    public var highestAlarmFrame: AlarmFrame? {
        alarmFrames.max { $0.score < $1.score }
    }

    /// The first alarm moment more than `tolerance` seconds after `offset`; nil after the last.
    public func alarmFrame(after offset: TimeInterval, tolerance: TimeInterval = 0.05) -> AlarmFrame? {
        alarmFrames.first { $0.offset > offset + tolerance }
    }

    /// The last alarm moment more than `tolerance` seconds before `offset`; nil before the first.
    public func alarmFrame(before offset: TimeInterval, tolerance: TimeInterval = 0.05) -> AlarmFrame? {
        alarmFrames.last { $0.offset < offset - tolerance }
    }
}
