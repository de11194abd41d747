import Foundation

/// ZoneMinder's scored frames as the moments of an event that alarmed (``AlarmFrame``): the rows
/// of its `Frames` table whose `Type` is `Alarm` (the analysis of a Modect or Mocord monitor found
/// motion in a zone), at their `Delta` (seconds from the event's start) with their `Score`.
/// Frames that share a `Delta` (ZoneMinder stamps the frames it receives together with one time)
/// are one moment, with the highest of their scores: the video cannot be sought between them.
/// A Record monitor's frames are `Normal` or `Bulk`: it has none.
///
/// ```swift
/// let moments = ZoneMinderAlarmFrames.moments(body.event.Frame ?? [])
/// let highest = moments.max { $0.score < $1.score }   // the first of the highest
/// ```
enum ZoneMinderAlarmFrames {
    /// The alarm moments, oldest first (by offset, then frame number).
    static func moments(_ frames: [ZoneMinderBody.Frame]) -> [AlarmFrame] {
        let alarms = frames.filter { $0.Type == "Alarm" }
            .sorted { (max(0, $0.Delta?.value ?? 0), $0.FrameId.value) < (max(0, $1.Delta?.value ?? 0), $1.FrameId.value) }
        var moments: [AlarmFrame] = []
        for frame in alarms {
            let offset = max(0, frame.Delta?.value ?? 0)
            let score = frame.Score?.int ?? 0
            if let last = moments.last, last.offset == offset {
                moments[moments.count - 1].score = max(last.score, score)
            } else {
                moments.append(AlarmFrame(offset: offset, score: score))
            }
        }
        return moments
    }
}
