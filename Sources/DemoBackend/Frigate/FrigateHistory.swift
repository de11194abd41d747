import Foundation
import SystemSupport

/// The Frigate demo's review items and detections, generated the same way every run (one seed)
/// over `days` before the server's start: a few items per recording camera per hour, 10–90 s
/// long, never in a recording gap; every 2 hours or so one moment seen by two or three cameras at
/// the exact same `start_time` (paging by `before` must cope with ties); one item still in
/// progress (`end_time` null, front_door, 40 s before the start); and the newest finished
/// backyard item carries a hostile sub label (terminal escape bytes) for clients' escaping. GenAI
/// descriptions and licence plates are added after (``FrigateGenAI``).
///
/// ```swift
/// let history = FrigateHistory.generate(cameras: FrigateCamera.demo, recordings: recordings, seed: FrigateHistory.seed)
/// history.items.first?.endTime   // nil: the item in progress is the newest
/// ```
struct FrigateHistory: Sendable {
    static let seed: UInt64 = 0xF41A_7E16
    /// The sub label of the hostile item: an OSC title sequence (ESC ] 0 ; … BEL).
    static let hostileSubLabel = "\u{1B}]0;pwned\u{07}"

    /// Newest first; items with the same start keep the order they were made in.
    let items: [FrigateReviewItem]
    /// Newest first.
    let detections: [FrigateDetection]

    static func generate(cameras: [FrigateCamera], recordings: FrigateRecordings, seed: UInt64) -> FrigateHistory {
        var maker = Maker(random: SplitMix64(seed: seed), recordings: recordings)
        let recorders = cameras.filter(\.records)
        let start = recordings.serverStart
        let oldest = start - recordings.days * 86_400

        // Moments several cameras saw at once (same frame time on each).
        let shared = ["front_door", "driveway", "backyard"].compactMap { name in recorders.first { $0.name == name } }
        if shared.count >= 2 {
            var time = oldest + 1_800
            var moment = 0
            while time < start - 1_800 {
                let cameras = moment % 3 == 2 ? shared : Array(shared.prefix(2))
                let frame = maker.frameTime(time)
                let lengths = cameras.map { _ in Double(Int.random(in: 150...600, using: &maker.random)) / 10 }
                if zip(cameras, lengths).allSatisfy({ maker.isFree($0.0, frame, frame + $0.1) }) {
                    for (camera, length) in zip(cameras, lengths) { maker.add(camera, start: frame, length: length) }
                }
                moment += 1
                time += Double(Int.random(in: 90...150, using: &maker.random)) * 60
            }
        }
        // Each camera's own activity.
        for camera in recorders {
            var time = oldest + Double(Int.random(in: 0...900, using: &maker.random))
            while time + 90 < start - 180 {
                let frame = maker.frameTime(time)
                let length = Double(Int.random(in: 100...900, using: &maker.random)) / 10
                if maker.isFree(camera, frame, frame + length) { maker.add(camera, start: frame, length: length) }
                time = frame + length + Double(Int.random(in: 360...2_400, using: &maker.random))
            }
        }
        // Still going: front_door, from 40 s before the start.
        if let door = recorders.first(where: { $0.name == "front_door" }) {
            maker.add(door, start: Double(Int64(start - 40) * 1_000_000 + 123_456) / 1_000_000, length: nil, labels: ["person"])
        }
        // The hostile sub label on the newest finished backyard item.
        if let backyard = recorders.first(where: { $0.name == "backyard" }),
           let index = maker.items.indices.filter({ maker.items[$0].camera == backyard.name && maker.items[$0].endTime != nil })
               .max(by: { maker.items[$0].startTime < maker.items[$1].startTime }) {
            maker.makeHostile(at: index, camera: backyard)
        }
        let sorted = maker.items.enumerated().sorted { a, b in
            a.element.startTime != b.element.startTime ? a.element.startTime > b.element.startTime : a.offset < b.offset
        }.map(\.element)
        let (items, described) = FrigateGenAI.describe(items: sorted, detections: maker.detections, serverStart: start, cameras: cameras)
        let detections = described.sorted { $0.startTime > $1.startTime }
        return FrigateHistory(items: items, detections: detections)
    }

    private struct Maker {
        var random: SplitMix64
        let recordings: FrigateRecordings
        var items: [FrigateReviewItem] = []
        var detections: [FrigateDetection] = []
        var busy: [String: [ClosedRange<Double>]] = [:]

        init(random: SplitMix64, recordings: FrigateRecordings) {
            self.random = random
            self.recordings = recordings
        }

        /// Recorded throughout, and at least 20 s from the camera's other items.
        func isFree(_ camera: FrigateCamera, _ from: Double, _ to: Double) -> Bool {
            guard recordings.covers(camera, from: from, to: to) else { return false }
            return !(busy[camera.name] ?? []).contains { $0.overlaps((from - 20)...(to + 20)) }
        }

        /// A frame time in the whole second of `time`: microseconds, as camera frames have them (so
        /// it prints as `1718000000.123456`, not with float noise).
        mutating func frameTime(_ time: Double) -> Double {
            Double(Int64(time.rounded(.down)) * 1_000_000 + Int64(Int.random(in: 0..<1_000_000, using: &random))) / 1_000_000
        }

        /// `time` moved by `seconds` (tenths), kept to microseconds.
        static func shifted(_ time: Double, by seconds: Double) -> Double {
            Double(Int64((time * 1_000_000).rounded()) + Int64((seconds * 10).rounded()) * 100_000) / 1_000_000
        }

        mutating func add(_ camera: FrigateCamera, start: Double, length: Double?, labels forced: [String]? = nil,
                          subLabel: String? = nil) {
            let end = length.map { Self.shifted(start, by: $0) }
            let labels = forced ?? pickLabels(camera)
            let alert = labels.contains { camera.alertLabels.contains($0) }
            let severity: FrigateReviewItem.Severity = alert ? .alert : .detection
            let zones = camera.zones.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }.map(\.name)
            var ids: [String] = [], subLabels: [String] = []
            for (offset, label) in labels.enumerated() {
                let begins = Self.shifted(start, by: Double(offset) * Double(Int.random(in: 5...30, using: &random)) / 10)
                let id = FrigateIdentifiers.make(begins, using: &random)
                let name = subLabel ?? (label == "person" && Int.random(in: 0..<4, using: &random) == 0
                    ? ["Alice", "Bob", "Carol"][Int.random(in: 0..<3, using: &random)] : nil)
                if let name, !subLabels.contains(name) { subLabels.append(name) }
                let score = Double(Int.random(in: 60...90, using: &random)) / 100
                let x = Int.random(in: 0...700, using: &random), y = Int.random(in: 0...600, using: &random)
                let box = [x, y, 120, 300].map { Double($0) / 1000 }
                let region = [max(0, x - 100), max(0, y - 100), 400, 400].map { Double($0) / 1000 }
                detections.append(FrigateDetection(
                    id: id, label: label, subLabel: name, camera: camera.name, startTime: begins,
                    endTime: end.map { max(Self.shifted(begins, by: 1), Self.shifted($0, by: -Double(offset))) }, zones: zones,
                    score: score, topScore: min(0.99, score + 0.05), box: box, region: region,
                    severity: severity))
                ids.append(id)
            }
            let audio = labels.contains("person") && Int.random(in: 0..<10, using: &random) == 0 ? ["speech"]
                : labels.contains("dog") && Int.random(in: 0..<4, using: &random) == 0 ? ["bark"] : []
            let id = FrigateIdentifiers.make(start, using: &random)
            items.append(FrigateReviewItem(
                id: id, camera: camera.name, startTime: start, endTime: end, severity: severity, detections: ids,
                objects: labels, subLabels: subLabels, zones: zones, audio: audio,
                thumbTime: Self.shifted(start, by: ((length ?? 10) * 3).rounded() / 10)))
            busy[camera.name, default: []].append(start...(end ?? start + 90))
        }

        /// One or two labels of what the camera sees, its first ones most often.
        mutating func pickLabels(_ camera: FrigateCamera) -> [String] {
            let weights = camera.labels.indices.map { camera.labels.count - $0 }
            func one() -> String {
                var roll = Int.random(in: 0..<weights.reduce(0, +), using: &random)
                for (index, weight) in weights.enumerated() {
                    if roll < weight { return camera.labels[index] }
                    roll -= weight
                }
                return camera.labels[0]
            }
            let first = one()
            guard Int.random(in: 0..<4, using: &random) == 0 else { return [first] }
            let second = one()
            return second == first ? [first] : [first, second]
        }

        /// Replaces item `index` (and its detections) by a person whose sub label is hostile.
        mutating func makeHostile(at index: Int, camera: FrigateCamera) {
            let old = items.remove(at: index)
            detections.removeAll { old.detections.contains($0.id) }
            busy[camera.name]?.removeAll { $0.lowerBound == old.startTime }
            add(camera, start: old.startTime, length: old.endTime.map { $0 - old.startTime }, labels: ["person"],
                subLabel: FrigateHistory.hostileSubLabel)
        }
    }
}
