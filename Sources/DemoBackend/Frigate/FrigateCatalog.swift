import Foundation
import SystemSupport

/// Everything the Frigate demo serves that does not change while it runs: the cameras, the
/// review items and detections, and the recordings' arithmetic.
struct FrigateCatalog: Sendable {
    let cameras: [FrigateCamera]
    let camerasByName: [String: FrigateCamera]
    let history: FrigateHistory
    let itemsByID: [String: FrigateReviewItem]
    let detectionsByID: [String: FrigateDetection]
    /// Each camera's items, oldest first (for "did something happen in this segment").
    private let itemsByCamera: [String: [FrigateReviewItem]]
    let recordings: FrigateRecordings

    init(serverStart: Double, days: Double, cameras: [FrigateCamera] = FrigateCamera.demo, seed: UInt64 = FrigateHistory.seed) {
        self.cameras = cameras
        camerasByName = Dictionary(uniqueKeysWithValues: cameras.map { ($0.name, $0) })
        recordings = FrigateRecordings(serverStart: serverStart, days: days)
        history = FrigateHistory.generate(cameras: cameras, recordings: recordings, seed: seed)
        itemsByID = Dictionary(history.items.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        detectionsByID = Dictionary(history.detections.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        itemsByCamera = Dictionary(grouping: history.items.reversed(), by: \.camera)
    }

    var items: [FrigateReviewItem] { history.items }

    /// The camera's review items overlapping `[from, to)`.
    func items(of camera: String, from: Double, to: Double) -> [FrigateReviewItem] {
        guard let list = itemsByCamera[camera] else { return [] }
        // First item starting at or after `to`: everything before it may overlap.
        var low = 0, high = list.count
        while low < high {
            let mid = (low + high) / 2
            if list[mid].startTime < to { low = mid + 1 } else { high = mid }
        }
        var found: [FrigateReviewItem] = []
        var index = low - 1
        while index >= 0 {
            let item = list[index]
            if item.endsAfter(from) { found.append(item) } else if item.startTime < from - 600 { break }
            index -= 1
        }
        return found
    }

    /// A row of GET /api/<camera>/recordings (record.py's select order).
    func recordingJSON(_ segment: FrigateRecordings.Segment) -> FrigateJSON {
        let numbers = self.numbers(segment)
        return .object([
            ("id", .string(numbers.id)), ("start_time", .double(segment.start)), ("end_time", .double(segment.end)),
            ("segment_size", .double(numbers.sizeMB)), ("motion", .int(numbers.motion)), ("objects", .int(numbers.objects)),
            ("motion_heatmap", .null), ("duration", .double(FrigateRecordings.segmentLength)),
        ])
    }

    /// A segment's id, size, motion and objects; busier while a review item is going on.
    func numbers(_ segment: FrigateRecordings.Segment) -> (id: String, sizeMB: Double, motion: Int, objects: Int) {
        let details = recordings.details(segment)
        let busy = items(of: segment.camera, from: segment.start, to: segment.end)
        let objects = busy.isEmpty ? 0 : 10 * busy.count + Int(segment.index.magnitude % 50)
        let motion = busy.isEmpty ? details.idleMotion : 60 + Int(segment.index.magnitude % 240)
        return (FrigateJSON.python(segment.start) + "-" + details.suffix, details.sizeMB, motion, objects)
    }
}
