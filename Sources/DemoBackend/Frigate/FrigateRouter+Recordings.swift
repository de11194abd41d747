import Foundation

/// The recording routes (record.py, media.py): segments in a range, the hourly summaries, a still
/// at a moment, and the mapping JSON nginx-vod asks for.
extension FrigateRouter {
    /// GET /api/<camera>/recordings?after=&before=: segments with `end_time >= after` and
    /// `start_time <= before`, oldest first. The defaults are an hour before the server's start and
    /// the start itself: Python evaluated them once, when Frigate started.
    func recordings(_ request: RequestInfo, camera name: String) -> Reply {
        var query = FastAPIParameters(request)
        let after = query.float("after") ?? frigate.serverStart - 3_600
        let before = query.float("before") ?? frigate.serverStart
        if let problem = query.problem { return problem }
        guard let camera = frigate.catalog.camerasByName[name] else { return .frigate(.array([])) }
        let segments = frigate.catalog.recordings.segments(of: camera, from: after, to: before, now: now.timeIntervalSince1970)
        return .frigate(.array(segments.map(frigate.catalog.recordingJSON)))
    }

    /// GET /api/<camera>/recordings/summary?timezone=: per day (newest first) its hours with
    /// recordings: `hour`, `events`, `motion`, `objects`, `duration` (seconds).
    func recordingsSummary(_ request: RequestInfo, camera name: String) -> Reply {
        let zone = Self.timeZone(FastAPIParameters(request).string("timezone"))
        guard let camera = frigate.catalog.camerasByName[name], camera.records else { return .frigate(.array([])) }
        let recordings = frigate.catalog.recordings
        let current = now.timeIntervalSince1970
        var hours: [(key: String, duration: Double, motion: Int, objects: Int)] = []
        var index = Int(((current - recordings.anchor(camera)) / FrigateRecordings.segmentLength).rounded(.down))
        while index >= recordings.firstIndex(camera) {
            defer { index -= 1 }
            guard let segment = recordings.segment(camera, index: index, now: current) else { continue }
            let key = Self.hourKey(segment.start, zone)
            let numbers = frigate.catalog.numbers(segment)
            if hours.last?.key == key {
                hours[hours.count - 1].duration += FrigateRecordings.segmentLength
                hours[hours.count - 1].motion += numbers.motion
                hours[hours.count - 1].objects += numbers.objects
            } else {
                hours.append((key, FrigateRecordings.segmentLength, numbers.motion, numbers.objects))
            }
        }
        var events: [String: Int] = [:]
        for detection in frigate.catalog.history.detections where detection.camera == name {
            events[Self.hourKey(detection.startTime, zone), default: 0] += 1
        }
        var days: [(day: String, events: Int, hours: [FrigateJSON])] = []
        for hour in hours {
            let parts = hour.key.split(separator: " ").map(String.init)
            let count = events[hour.key] ?? 0
            let json = FrigateJSON.object([("hour", .string(parts[1])), ("events", .int(count)), ("motion", .int(hour.motion)),
                                           ("objects", .int(hour.objects)), ("duration", .int(Int(hour.duration.rounded())))])
            if days.last?.day == parts[0] {
                days[days.count - 1].events += count
                days[days.count - 1].hours.append(json)
            } else {
                days.append((parts[0], count, [json]))
            }
        }
        return .frigate(.array(days.map { .object([("events", .int($0.events)), ("hours", .array($0.hours)), ("day", .string($0.day))]) }))
    }

    /// GET /api/recordings/summary?cameras=&timezone=: `{"<day>": true}` for the days with recordings.
    func allRecordingsSummary(_ request: RequestInfo) -> Reply {
        let query = FastAPIParameters(request)
        let zone = Self.timeZone(query.string("timezone"))
        let wanted = query.string("cameras") ?? "all"
        var cameras = frigate.catalog.cameras.filter(\.records)
        if wanted != "all" {
            let names = Set(wanted.split(separator: ",", omittingEmptySubsequences: false).map(String.init))
            cameras = cameras.filter { names.contains($0.name) }
            if cameras.isEmpty { return .frigate(.object([])) }
        }
        let recordings = frigate.catalog.recordings
        let current = now.timeIntervalSince1970
        var days = Set<String>()
        for camera in cameras {
            var time = recordings.anchor(camera) + Double(recordings.firstIndex(camera)) * FrigateRecordings.segmentLength
            while time < current {
                days.insert(String(Self.hourKey(time, zone).prefix(10)))
                time += 3_600
            }
            days.insert(String(Self.hourKey(current - FrigateRecordings.segmentLength, zone).prefix(10)))
        }
        return .frigate(.object(days.sorted().map { ($0, FrigateJSON.bool(true)) }))
    }

    /// GET /api/<camera>/recordings/<frame time>/snapshot.<jpg|png>: the demo's still when a
    /// segment holds that moment (`start_time <= t <= end_time`, else again at `ceil(t)`); 404
    /// "Recording not found at <t>" otherwise.
    func snapshot(camera name: String, time text: String, format: String) -> Reply {
        var problems: [FrigateJSON] = []
        let time = Double(text)
        if time == nil {
            problems.append(FastAPIParameters.error(type: "float_parsing", loc: ["path", "frame_time"],
                                                    msg: "Input should be a valid number, unable to parse string as a number", input: .string(text)))
        }
        if !["png", "jpg"].contains(format) {
            problems.append(FastAPIParameters.error(type: "enum", loc: ["path", "format"], msg: "Input should be 'png' or 'jpg'",
                                                    input: .string(format), context: [("expected", .string("'png' or 'jpg'"))]))
        }
        guard problems.isEmpty, var time else { return FastAPIParameters.validationFailure(problems) }
        guard let camera = frigate.catalog.camerasByName[name] else { return .frigateFailure(404, "Camera not found") }
        let current = now.timeIntervalSince1970
        let holds = { (moment: Double) in
            frigate.catalog.recordings.segments(of: camera, from: moment, to: moment, now: current)
                .contains { $0.start <= moment && moment <= $0.end }
        }
        var shown = FrigateJSON.python(time)
        if !holds(time) {
            time = time.rounded(.up)
            shown = String(Int(time))
            guard holds(time) else { return .frigateFailure(404, "Recording not found at \(shown)") }
        }
        return still(contentType: format == "png" ? "image/png" : "image/jpeg")
    }

    /// GET /api/vod/<camera>/start/<s>/end/<e>: what Frigate tells nginx-vod to join.
    func vodMapping(camera name: String, start: String, end: String) -> Reply {
        guard let from = Double(start), let to = Double(end) else {
            let bad = Double(start) == nil ? ("start_ts", start) : ("end_ts", end)
            return FastAPIParameters.validationFailure([FastAPIParameters.error(
                type: "float_parsing", loc: ["path", bad.0], msg: "Input should be a valid number, unable to parse string as a number",
                input: .string(bad.1))])
        }
        guard let camera = frigate.catalog.camerasByName[name],
              let plan = FrigateVodPlan(catalog: frigate.catalog, camera: camera, start: from, end: to, now: now.timeIntervalSince1970)
        else { return .frigateFailure(404, "No recordings found.") }
        return .frigate(plan.mappingJSON(now: now.timeIntervalSince1970, start: from))
    }

    /// A `timezone` parameter (`utc` when absent or unknown to this system).
    static func timeZone(_ name: String?) -> TimeZone {
        guard let name, name.lowercased() != "utc", let zone = TimeZone(identifier: name) else { return TimeZone(identifier: "UTC")! }
        return zone
    }

    /// `YYYY-MM-DD HH` of `time` in `zone` (SQLite's strftime after the zone's offset).
    static func hourKey(_ time: Double, _ zone: TimeZone) -> String {
        let local = Int((time + Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: time)))).rounded(.down))
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let hour = (local - days * 86_400) / 3_600
        // Days since 1970-01-01 to a civil date (H. Hinnant's algorithm).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shifted + 2) / 5 + 1
        let month = shifted < 10 ? shifted + 3 : shifted - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return String(format: "%04d-%02d-%02d %02d", year, month, day, hour)
    }
}
