import Foundation

/// What `/vod/<camera>/start/<s>/end/<e>/…` plays: the clips Frigate's `vod_ts` maps for nginx-vod
/// (media.py), one per recording segment touching the range, oldest first, gaps skipped (the clips
/// are joined, as vod's clip concatenation does). A clip that starts before `s` is not cut at `s`
/// but at its keyframe before it (its start: the demo's recordings have one keyframe, at 0); the
/// last is cut at `e`; one shorter than 100 ms is dropped. With 10 s segments and keyframes every
/// 10 s, vod segment N is clip N.
///
/// ```swift
/// guard let plan = FrigateVodPlan(catalog: catalog, camera: camera, start: s, end: e, now: now) else { return notFound }
/// plan.clips.count      // segments in index.m3u8
/// ```
struct FrigateVodPlan: Sendable {
    struct Clip: Sendable {
        let recording: FrigateRecordings.Segment
        /// Milliseconds of it played (media.py's `duration`).
        let durationMilliseconds: Int
        /// media.py's `clipFrom` after the keyframe snap (0), nil when the range starts before the recording.
        let clipFrom: Int?

        /// Seconds to keep of the recording's media, nil for all of it.
        var keeping: Double? {
            durationMilliseconds < Int(FrigateRecordings.segmentLength * 1000) ? Double(durationMilliseconds) / 1000 : nil
        }
    }

    let camera: FrigateCamera
    let clips: [Clip]

    /// nil when no recording of the camera touches `[start, end]` (Frigate: 404 "No recordings found.").
    init?(catalog: FrigateCatalog, camera: FrigateCamera, start: Double, end: Double, now: Double) {
        let full = Int(FrigateRecordings.segmentLength * 1000)
        var clips: [Clip] = []
        for recording in catalog.recordings.segments(of: camera, from: start, to: end, now: now) {
            // SQL's BETWEEN (false when start > end) and the "range inside one recording" case.
            let between = { (time: Double) in start <= time && time <= end }
            guard between(recording.start) || between(recording.end) || (start > recording.start && end < recording.end)
            else { continue }
            var duration = full
            var clipFrom: Int?
            if start > recording.start {
                let inpoint = Int((start - recording.start) * 1000)
                clipFrom = inpoint
                duration -= inpoint
            }
            if recording.end > end { duration -= Int((recording.end - end) * 1000) }
            if let from = clipFrom {
                // get_keyframe_before: the recording's only keyframe is at 0.
                duration += from
                clipFrom = 0
            }
            guard duration >= 100, duration < 600 * 1000 else { continue }
            clips.append(Clip(recording: recording, durationMilliseconds: duration, clipFrom: clipFrom))
        }
        guard !clips.isEmpty else { return nil }
        self.camera = camera
        self.clips = clips
    }

    /// Which of the generated media segments stands for a clip: by the recording's place on the
    /// camera's grid, so neighbouring recordings show neighbouring media.
    func mediaIndex(_ clip: Clip, count: Int) -> Int {
        let value = (clip.recording.index + camera.order * 5) % count
        return value < 0 ? value + count : value
    }

    /// Frigate's mapping JSON for nginx-vod (GET /api/vod/<camera>/start/<s>/end/<e>).
    func mappingJSON(now: Double, start: Double) -> FrigateJSON {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd/HH"
        let minutes = DateFormatter()
        minutes.locale = formatter.locale
        minutes.timeZone = formatter.timeZone
        minutes.dateFormat = "mm.ss"
        let json = clips.map { clip -> FrigateJSON in
            let date = Date(timeIntervalSince1970: clip.recording.start)
            let path = "/media/frigate/recordings/\(formatter.string(from: date))/\(camera.name)/\(minutes.string(from: date)).mp4"
            var pairs: [(String, FrigateJSON)] = [("type", .string("source")), ("path", .string(path))]
            if let from = clip.clipFrom { pairs.append(("clipFrom", .int(from))) }
            pairs.append(("keyFrameDurations", .array([.int(clip.durationMilliseconds)])))
            return .object(pairs)
        }
        let durations = clips.map(\.durationMilliseconds)
        return .object([
            ("cache", .bool(now - 3600 > start)), ("discontinuity", .bool(false)), ("consistentSequenceMediaInfo", .bool(true)),
            ("durations", .array(durations.map(FrigateJSON.int))), ("segment_duration", .int(durations.max() ?? 0)),
            ("sequences", .array([.object([("clips", .array(json))])])),
        ])
    }
}
