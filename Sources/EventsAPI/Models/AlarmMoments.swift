import Foundation

/// An event's alarm frames as moments to go to (ZoneMinder scores every frame; a Modect or Mocord
/// monitor marks those with motion as alarm frames, a Record monitor has none): frames less than
/// ``gap`` apart are one alarm, so that the keys step between alarms, not between frames; `J` goes
/// to the single highest-scoring frame. The slider marks each alarm's start.
///
/// ```swift
/// let alarms = details.alarms
/// alarms.highest?.offset    // 12.4: where the best frame is
/// alarms.next(after: 3)     // the first alarm starting after 3 s
/// ```
public struct AlarmMoments: Sendable, Equatable {
    /// Frames closer than this are one alarm.
    public static let gap: TimeInterval = 1.5

    /// Each alarm's first frame's offset, in order.
    public private(set) var starts: [TimeInterval] = []
    /// The highest-scoring frame, the first of equals (as ZoneMinder's `MaxScoreFrameId` is);
    /// nil without alarm frames.
    public private(set) var highest: AlarmFrame?

    public init(frames: [AlarmFrame] = []) {
        let ordered = frames.sorted { $0.offset < $1.offset }
        var last: TimeInterval?
        for frame in ordered {
            if last.map({ frame.offset - $0 > Self.gap }) ?? true { starts.append(frame.offset) }
            last = frame.offset
        }
        highest = frames.reduce(nil as AlarmFrame?) { best, frame in
            guard let best else { return frame }
            return frame.score > best.score || (frame.score == best.score && frame.offset < best.offset) ? frame : best
        }
    }

    public var isEmpty: Bool { starts.isEmpty }

    /// The first alarm that starts more than half a second after `position`.
    public func next(after position: TimeInterval) -> TimeInterval? {
        starts.first { $0 > position + 0.5 }
    }

    /// The last alarm that starts more than half a second before `position`.
    public func previous(before position: TimeInterval) -> TimeInterval? {
        starts.last { $0 < position - 0.5 }
    }
}

extension EventDetails {
    /// The event's alarm frames as moments to go to.
    public var alarms: AlarmMoments { AlarmMoments(frames: alarmFrames) }
}
