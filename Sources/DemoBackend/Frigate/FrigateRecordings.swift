import Foundation
import SystemSupport

/// Where each camera has recordings: Frigate's 10 s segments on a per-camera grid, continuous
/// from `days` (plus a quarter of an hour) before the server's start up to now (they keep coming
/// while the server runs), except one 20-minute gap every 6 hours (at a per-camera offset; the
/// newest more than an hour before the start). Cameras that do not record have none. Pure
/// arithmetic: nothing is stored, so days of segments cost nothing until a range is asked for.
///
/// ```swift
/// let recordings = FrigateRecordings(serverStart: start, days: 3)
/// let segments = recordings.segments(of: camera, from: start - 60, to: start, now: start)   // 6
/// ```
struct FrigateRecordings: Sendable {
    /// One recording row (Frigate's `Recordings`): `[start, start + 10 s)`.
    struct Segment: Sendable, Equatable {
        let camera: String
        /// Position on the camera's grid (0 is the first segment at or after the server's start).
        let index: Int
        let start: Double
        var end: Double { start + FrigateRecordings.segmentLength }
    }

    static let segmentLength = 10.0
    static let gapPeriod = 6 * 3600.0
    static let gapLength = 20 * 60.0

    let serverStart: Double
    let days: Double

    /// The start of segment 0 of `camera`.
    func anchor(_ camera: FrigateCamera) -> Double {
        (serverStart / Self.segmentLength).rounded(.down) * Self.segmentLength + camera.recordingPhase
    }

    /// The index of the camera's oldest segment.
    func firstIndex(_ camera: FrigateCamera) -> Int {
        -Int(((days * 86_400 + 900) / Self.segmentLength).rounded(.up))
    }

    /// Whether the segment starting at `start` falls in one of the camera's gaps.
    func inGap(_ camera: FrigateCamera, start: Double) -> Bool {
        let newestGap = serverStart - camera.gapOffset
        guard start < newestGap + Self.gapLength else { return false }
        let offset = (start - newestGap).truncatingRemainder(dividingBy: Self.gapPeriod)
        let positive = offset < 0 ? offset + Self.gapPeriod : offset
        return positive < Self.gapLength
    }

    /// The segment `index` of `camera` if it exists by `now`.
    func segment(_ camera: FrigateCamera, index: Int, now: Double) -> Segment? {
        guard camera.records, index >= firstIndex(camera) else { return nil }
        let start = anchor(camera) + Double(index) * Self.segmentLength
        guard start + Self.segmentLength <= now, !inGap(camera, start: start) else { return nil }
        return Segment(camera: camera.name, index: index, start: start)
    }

    /// Segments with `end >= from` and `start <= to` (record.py's clause), oldest first.
    func segments(of camera: FrigateCamera, from: Double, to: Double, now: Double) -> [Segment] {
        guard camera.records, from.isFinite, to.isFinite, to >= from - Self.segmentLength else { return [] }
        let base = anchor(camera)
        let newest = Int(((now - base) / Self.segmentLength).rounded(.down)) - 1
        let low = max(firstIndex(camera), Int(((from - base) / Self.segmentLength).rounded(.down)) - 1)
        let high = min(newest, Int(((to - base) / Self.segmentLength).rounded(.down)) + 1)
        guard low <= high else { return [] }
        return (low...high).compactMap { segment(camera, index: $0, now: now) }
            .filter { $0.end >= from && $0.start <= to }
    }

    /// Whether `[from, to]` is recorded throughout (used to keep review items out of the gaps).
    func covers(_ camera: FrigateCamera, from: Double, to: Double) -> Bool {
        guard camera.records else { return false }
        let base = anchor(camera)
        let first = Int(((from - base) / Self.segmentLength).rounded(.down))
        let last = Int(((to - base) / Self.segmentLength).rounded(.down))
        guard first <= last else { return false }
        return (first...last).allSatisfy { index in
            index >= firstIndex(camera) && !inGap(camera, start: base + Double(index) * Self.segmentLength)
        }
    }

    /// Numbers of a segment that do not depend on the review items: its id's random part, its size
    /// in MB and its motion when nothing happened.
    func details(_ segment: Segment) -> (suffix: String, sizeMB: Double, idleMotion: Int) {
        var random = SplitMix64(seed: UInt64(bitPattern: Int64(segment.index)) &* 0x9E37_79B9_7F4A_7C15
            ^ UInt64(truncatingIfNeeded: segment.camera.hashValueStable))
        let suffix = FrigateIdentifiers.suffix(using: &random)
        let size = (Double(Int.random(in: 85...140, using: &random)) / 100)
        let motion = Int.random(in: 0..<10, using: &random) < 6 ? 0 : Int.random(in: 1...40, using: &random)
        return (suffix, size, motion)
    }
}

extension String {
    /// A hash that is the same in every process (Swift's `hashValue` is seeded per process).
    var hashValueStable: UInt64 {
        utf8.reduce(UInt64(0xCBF2_9CE4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }
}

/// Frigate's ids: `<frame time>-<6 of [a-z0-9]>` for review items, events and recordings.
enum FrigateIdentifiers {
    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")

    static func suffix(using random: inout SplitMix64) -> String {
        String((0..<6).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] })
    }

    /// `f"{frame_time}-{rand_id}"`.
    static func make(_ time: Double, using random: inout SplitMix64) -> String {
        FrigateJSON.python(time) + "-" + suffix(using: &random)
    }
}
