import Foundation

/// One fMP4 media segment as ffmpeg's HLS muxer writes it (`styp`, one `sidx` per track, one
/// `moof` with a `traf` per track, one `mdat`), taken apart so that a vod segment can be made from
/// it: its decode times moved (`tfdt`, and `sidx`'s earliest presentation time) to where the
/// segment starts in the clip, its samples cut at a duration, and the boxes written back with
/// their sizes and data offsets fixed.
///
/// ```swift
/// var fragment = try FMP4Fragment(bytes, defaultDurations: [1: 1024, 2: 1024])
/// fragment.cut(after: 4.3, timescales: [1: 10240, 2: 48000])      // the clip ends 4.3 s in
/// fragment.move(to: 50, timescales: [1: 10240, 2: 48000], sequence: 6)
/// let data = fragment.serialized()
/// ```
struct FMP4Fragment: Sendable {
    struct Sample: Sendable {
        var duration: UInt32?
        var size: UInt32?
        var flags: UInt32?
        var compositionOffset: UInt32?
    }

    struct Track: Sendable {
        let id: UInt32
        /// `tfhd`'s payload as it was (it has no offsets: default-base-is-moof).
        let tfhd: [UInt8]
        var baseDecodeTime: UInt64
        let trunVersion: UInt8
        let trunFlags: UInt32
        let firstSampleFlags: UInt32?
        var samples: [Sample]
        /// The samples' bytes, in order.
        var data: [UInt8]
        let defaultDuration: UInt32
        let defaultSize: UInt32
        /// Other boxes of the `traf`, copied as they are.
        let extra: [[UInt8]]

        func duration(of sample: Sample) -> UInt64 { UInt64(sample.duration ?? defaultDuration) }

        var totalDuration: UInt64 { samples.reduce(0) { $0 + duration(of: $1) } }
    }

    struct SegmentIndex: Sendable {
        let version: UInt8
        let flags: [UInt8]
        let referenceID: UInt32
        let timescale: UInt32
        var earliestPresentationTime: UInt64
        let firstOffset: UInt64
        var references: [(typeAndSize: UInt32, duration: UInt32, sap: UInt32)]
    }

    private(set) var leading: [[UInt8]] = []
    private(set) var indexes: [SegmentIndex] = []
    private(set) var sequence: UInt32 = 0
    private(set) var tracks: [Track] = []

    /// - Parameter defaultDurations: `trex` sample durations by track, for `traf`s whose `tfhd` has none.
    init(_ bytes: [UInt8], defaultDurations: [UInt32: UInt32] = [:]) throws {
        var moofRange: Range<Int>?
        var mdatPayload: Range<Int>?
        for box in try MP4Boxes.children(of: bytes, in: 0..<bytes.count) {
            switch box.type {
            case "styp", "free", "prft": leading.append(Array(bytes[box.range]))
            case "sidx": indexes.append(try Self.segmentIndex(bytes, box))
            case "moof":
                guard moofRange == nil else { throw MP4Boxes.Failure(description: "more than one moof in a segment") }
                moofRange = box.range
            case "mdat": mdatPayload = box.payload
            default: throw MP4Boxes.Failure(description: "unexpected box \(box.type) in a media segment")
            }
        }
        guard let moof = moofRange, mdatPayload != nil else { throw MP4Boxes.Failure(description: "no moof/mdat") }
        let moofPayload = (moof.lowerBound + 8)..<moof.upperBound
        for box in try MP4Boxes.children(of: bytes, in: moofPayload) {
            switch box.type {
            case "mfhd": sequence = MP4Boxes.u32(bytes, box.payload.lowerBound + 4)
            case "traf": tracks.append(try Self.track(bytes, box, moofStart: moof.lowerBound, defaultDurations: defaultDurations))
            default: break
            }
        }
    }

    /// Keeps the samples of each track that start before `seconds` (at least one).
    mutating func cut(after seconds: Double, timescales: [UInt32: UInt32]) {
        for index in tracks.indices {
            let limit = UInt64((seconds * Double(timescales[tracks[index].id] ?? 1)).rounded())
            var time: UInt64 = 0, kept = 0, bytes = 0
            for sample in tracks[index].samples {
                guard time < limit || kept == 0 else { break }
                time += tracks[index].duration(of: sample)
                bytes += Int(sample.size ?? tracks[index].defaultSize)
                kept += 1
            }
            tracks[index].samples.removeLast(tracks[index].samples.count - kept)
            tracks[index].data.removeLast(tracks[index].data.count - bytes)
        }
    }

    /// Moves every track to start at `seconds` (its `tfdt` and `sidx` times) and numbers the fragment.
    mutating func move(to seconds: Double, timescales: [UInt32: UInt32], sequence: UInt32) {
        self.sequence = sequence
        for index in tracks.indices {
            let old = tracks[index].baseDecodeTime
            let new = UInt64((seconds * Double(timescales[tracks[index].id] ?? 1)).rounded())
            tracks[index].baseDecodeTime = new
            for sidx in indexes.indices where indexes[sidx].referenceID == tracks[index].id {
                let lead = indexes[sidx].earliestPresentationTime >= old ? indexes[sidx].earliestPresentationTime - old : 0
                indexes[sidx].earliestPresentationTime = new + lead
            }
        }
    }

    /// Seconds of the track (the video's, for a playlist's `#EXTINF`).
    func duration(track id: UInt32, timescale: UInt32) -> Double {
        guard let track = tracks.first(where: { $0.id == id }), timescale > 0 else { return 0 }
        return Double(track.totalDuration) / Double(timescale)
    }

    /// The segment's bytes.
    func serialized() -> [UInt8] {
        let moofSize = moof(dataStart: 0).count
        let mdat = MP4Boxes.make("mdat", tracks.flatMap(\.data))
        let moof = moof(dataStart: moofSize + 8)
        var out = leading.flatMap { $0 }
        for sidx in indexes {
            out += Self.serialize(sidx, referencedSize: UInt32(moof.count + mdat.count),
                                  duration: tracks.first { $0.id == sidx.referenceID }.map { UInt32(clamping: $0.totalDuration) })
        }
        return out + moof + mdat
    }

    private func moof(dataStart: Int) -> [UInt8] {
        var offset = dataStart
        var trafs: [UInt8] = []
        for track in tracks {
            let tfdt = MP4Boxes.make("tfdt", [1, 0, 0, 0] + MP4Boxes.u64(track.baseDecodeTime))
            var trun: [UInt8] = [track.trunVersion] + Array(MP4Boxes.u32(track.trunFlags)[1...])
            trun += MP4Boxes.u32(UInt32(track.samples.count))
            if track.trunFlags & 0x1 != 0 { trun += MP4Boxes.u32(UInt32(offset)) }
            if let first = track.firstSampleFlags { trun += MP4Boxes.u32(first) }
            for sample in track.samples {
                if let value = sample.duration { trun += MP4Boxes.u32(value) }
                if let value = sample.size { trun += MP4Boxes.u32(value) }
                if let value = sample.flags { trun += MP4Boxes.u32(value) }
                if let value = sample.compositionOffset { trun += MP4Boxes.u32(value) }
            }
            trafs += MP4Boxes.make("traf", MP4Boxes.make("tfhd", track.tfhd) + tfdt + MP4Boxes.make("trun", trun) + track.extra.flatMap { $0 })
            offset += track.data.count
        }
        return MP4Boxes.make("moof", MP4Boxes.make("mfhd", [0, 0, 0, 0] + MP4Boxes.u32(sequence)) + trafs)
    }

    // MARK: parsing

    private static func track(_ bytes: [UInt8], _ traf: MP4Boxes.Box, moofStart: Int,
                              defaultDurations: [UInt32: UInt32]) throws -> Track {
        var tfhd: [UInt8]?, base: UInt64 = 0, trun: MP4Boxes.Box?, extra: [[UInt8]] = []
        for box in try MP4Boxes.children(of: bytes, in: traf.payload) {
            switch box.type {
            case "tfhd": tfhd = Array(bytes[box.payload])
            case "tfdt":
                let at = box.payload.lowerBound
                base = bytes[at] == 1 ? MP4Boxes.u64(bytes, at + 4) : UInt64(MP4Boxes.u32(bytes, at + 4))
            case "trun":
                guard trun == nil else { throw MP4Boxes.Failure(description: "more than one trun in a traf") }
                trun = box
            default: extra.append(Array(bytes[box.range]))
            }
        }
        guard let tfhd, tfhd.count >= 8, let trun else { throw MP4Boxes.Failure(description: "traf without tfhd or trun") }
        let tfhdFlags = MP4Boxes.u32(tfhd, 0) & 0xFF_FFFF
        guard tfhdFlags & 0x1 == 0 else { throw MP4Boxes.Failure(description: "tfhd with a base data offset") }
        let id = MP4Boxes.u32(tfhd, 4)
        var cursor = 8
        if tfhdFlags & 0x2 != 0 { cursor += 4 }   // sample description index
        var defaultDuration = defaultDurations[id] ?? 0, defaultSize: UInt32 = 0
        if tfhdFlags & 0x8 != 0 { defaultDuration = MP4Boxes.u32(tfhd, cursor); cursor += 4 }
        if tfhdFlags & 0x10 != 0 { defaultSize = MP4Boxes.u32(tfhd, cursor); cursor += 4 }

        var at = trun.payload.lowerBound
        let version = bytes[at]
        let flags = MP4Boxes.u32(bytes, at) & 0xFF_FFFF
        let count = Int(MP4Boxes.u32(bytes, at + 4))
        at += 8
        var dataOffset = 0
        if flags & 0x1 != 0 { dataOffset = Int(Int32(bitPattern: MP4Boxes.u32(bytes, at))); at += 4 }
        var firstSampleFlags: UInt32?
        if flags & 0x4 != 0 { firstSampleFlags = MP4Boxes.u32(bytes, at); at += 4 }
        let fields = [0x100, 0x200, 0x400, 0x800].filter { flags & UInt32($0) != 0 }.count
        guard at + count * fields * 4 <= trun.payload.upperBound else { throw MP4Boxes.Failure(description: "trun overruns its box") }
        var samples: [Sample] = []
        var total = 0
        for _ in 0..<count {
            var sample = Sample()
            func read() -> UInt32 {
                defer { at += 4 }
                return MP4Boxes.u32(bytes, at)
            }
            if flags & 0x100 != 0 { sample.duration = read() }
            if flags & 0x200 != 0 { sample.size = read() }
            if flags & 0x400 != 0 { sample.flags = read() }
            if flags & 0x800 != 0 { sample.compositionOffset = read() }
            total += Int(sample.size ?? defaultSize)
            samples.append(sample)
        }
        let start = moofStart + dataOffset
        guard start >= 0, start + total <= bytes.count else { throw MP4Boxes.Failure(description: "track \(id)'s samples are outside the segment") }
        return Track(id: id, tfhd: tfhd, baseDecodeTime: base, trunVersion: version, trunFlags: flags,
                     firstSampleFlags: firstSampleFlags, samples: samples, data: Array(bytes[start..<(start + total)]),
                     defaultDuration: defaultDuration, defaultSize: defaultSize, extra: extra)
    }

    private static func segmentIndex(_ bytes: [UInt8], _ box: MP4Boxes.Box) throws -> SegmentIndex {
        var at = box.payload.lowerBound
        let version = bytes[at]
        let flags = Array(bytes[(at + 1)..<(at + 4)])
        let reference = MP4Boxes.u32(bytes, at + 4), timescale = MP4Boxes.u32(bytes, at + 8)
        at += 12
        let earliest: UInt64, first: UInt64
        if version == 0 {
            earliest = UInt64(MP4Boxes.u32(bytes, at)); first = UInt64(MP4Boxes.u32(bytes, at + 4)); at += 8
        } else {
            earliest = MP4Boxes.u64(bytes, at); first = MP4Boxes.u64(bytes, at + 8); at += 16
        }
        let count = Int(MP4Boxes.u16(bytes, at + 2))
        at += 4
        guard at + 12 * count <= box.payload.upperBound else { throw MP4Boxes.Failure(description: "sidx overruns its box") }
        let references = (0..<count).map { index in
            let base = at + 12 * index
            return (MP4Boxes.u32(bytes, base), MP4Boxes.u32(bytes, base + 4), MP4Boxes.u32(bytes, base + 8))
        }
        return SegmentIndex(version: version, flags: flags, referenceID: reference, timescale: timescale,
                            earliestPresentationTime: earliest, firstOffset: first, references: references)
    }

    /// A `sidx` in its own version (so the offsets between boxes stay as they were); a single
    /// reference gets the new size and duration of the moof + mdat it points at. (ffmpeg writes
    /// version 1, whose 64-bit times hold days of vod; a version 0 time is cut to 32 bits.)
    private static func serialize(_ sidx: SegmentIndex, referencedSize: UInt32, duration: UInt32?) -> [UInt8] {
        var payload: [UInt8] = [sidx.version] + sidx.flags + MP4Boxes.u32(sidx.referenceID) + MP4Boxes.u32(sidx.timescale)
        if sidx.version == 0 {
            payload += MP4Boxes.u32(UInt32(truncatingIfNeeded: sidx.earliestPresentationTime))
                + MP4Boxes.u32(UInt32(truncatingIfNeeded: sidx.firstOffset))
        } else {
            payload += MP4Boxes.u64(sidx.earliestPresentationTime) + MP4Boxes.u64(sidx.firstOffset)
        }
        payload += [0, 0] + MP4Boxes.u16(UInt16(sidx.references.count))
        for reference in sidx.references {
            let single = sidx.references.count == 1
            let typeAndSize = single ? (reference.typeAndSize & 0x8000_0000) | (referencedSize & 0x7FFF_FFFF) : reference.typeAndSize
            payload += MP4Boxes.u32(typeAndSize) + MP4Boxes.u32(single ? (duration ?? reference.duration) : reference.duration)
                + MP4Boxes.u32(reference.sap)
        }
        return MP4Boxes.make("sidx", payload)
    }
}
