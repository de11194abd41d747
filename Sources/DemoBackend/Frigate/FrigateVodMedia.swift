import Foundation

/// The generated recording media (``GeneratedMediaRecipe/makeFrigate()``) read once for the vod:
/// the init segment without its edit lists (nginx-vod ignores them: `vod_ignore_edit_list on`),
/// the twelve 10 s media segments taken apart, and what a master playlist says about them.
///
/// ```swift
/// let media = try FrigateVodMedia(folder: folder)
/// let bytes = try media.segment(3, startingAt: 20, keeping: nil, sequence: 3)   // the third vod segment
/// ```
struct FrigateVodMedia: Sendable {
    struct Track: Sendable {
        let id: UInt32
        let timescale: UInt32
        let isVideo: Bool
    }

    let initSegment: Data
    let segments: [FMP4Fragment]
    let tracks: [Track]
    let width: Int
    let height: Int
    /// `avc1.4d401e,mp4a.40.2`.
    let codecs: String
    /// Bits per second of all tracks.
    let bandwidth: Int
    /// Frames per second (nginx-vod: timescale / frame duration).
    let frameRate: Double

    var timescales: [UInt32: UInt32] { Dictionary(uniqueKeysWithValues: tracks.map { ($0.id, $0.timescale) }) }
    var video: Track? { tracks.first(where: \.isVideo) }

    init(folder: URL) throws {
        let initBytes = try [UInt8](Data(contentsOf: folder.appending(path: "init.mp4")))
        var tracks: [Track] = []
        var width = 0, height = 0, codecs: [String] = []
        for trak in try MP4Boxes.find(["moov", "trak"], in: initBytes, range: 0..<initBytes.count) {
            guard let tkhd = try MP4Boxes.find(["tkhd"], in: initBytes, range: trak.payload).first,
                  let mdhd = try MP4Boxes.find(["mdia", "mdhd"], in: initBytes, range: trak.payload).first,
                  let hdlr = try MP4Boxes.find(["mdia", "hdlr"], in: initBytes, range: trak.payload).first
            else { throw MP4Boxes.Failure(description: "init.mp4: a trak without tkhd, mdhd or hdlr") }
            let tkhdVersion = initBytes[tkhd.payload.lowerBound]
            let id = MP4Boxes.u32(initBytes, tkhd.payload.lowerBound + (tkhdVersion == 1 ? 20 : 12))
            let mdhdVersion = initBytes[mdhd.payload.lowerBound]
            let timescale = MP4Boxes.u32(initBytes, mdhd.payload.lowerBound + (mdhdVersion == 1 ? 20 : 12))
            let handler = String(decoding: initBytes[(hdlr.payload.lowerBound + 8)..<(hdlr.payload.lowerBound + 12)], as: UTF8.self)
            tracks.append(Track(id: id, timescale: timescale, isVideo: handler == "vide"))
            if handler == "vide" {
                width = Int(MP4Boxes.u32(initBytes, tkhd.payload.upperBound - 8) >> 16)
                height = Int(MP4Boxes.u32(initBytes, tkhd.payload.upperBound - 4) >> 16)
                codecs.insert(try Self.videoCodec(initBytes, trak), at: 0)
            } else if handler == "soun" {
                codecs.append("mp4a.40.2")
            }
        }
        var defaults: [UInt32: UInt32] = [:]
        for trex in try MP4Boxes.find(["moov", "mvex", "trex"], in: initBytes, range: 0..<initBytes.count) {
            defaults[MP4Boxes.u32(initBytes, trex.payload.lowerBound + 4)] = MP4Boxes.u32(initBytes, trex.payload.lowerBound + 12)
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .compactMap { name -> (Int, String)? in
                guard name.hasPrefix("segment"), name.hasSuffix(".m4s"),
                      let number = Int(name.dropFirst("segment".count).dropLast(".m4s".count)) else { return nil }
                return (number, name)
            }.sorted { $0.0 < $1.0 }
        guard !files.isEmpty, width > 0 else { throw MP4Boxes.Failure(description: "no video segments in \(folder.path)") }
        segments = try files.map { try FMP4Fragment([UInt8](Data(contentsOf: folder.appending(path: $0.1))), defaultDurations: defaults) }
        initSegment = Data(try MP4Boxes.removing(["edts"], from: initBytes, in: 0..<initBytes.count, containers: ["moov", "trak"]))
        self.tracks = tracks
        self.width = width
        self.height = height
        self.codecs = codecs.joined(separator: ",")
        let seconds = segments.reduce(0.0) { total, segment in
            total + (tracks.first(where: \.isVideo).map { segment.duration(track: $0.id, timescale: $0.timescale) } ?? 0)
        }
        let bytes = segments.reduce(0) { $0 + $1.tracks.reduce(0) { $0 + $1.data.count } }
        bandwidth = seconds > 0 ? Int(Double(bytes * 8) / seconds) : 0
        if let video = tracks.first(where: \.isVideo),
           let duration = segments.first?.tracks.first(where: { $0.id == video.id }).map({ $0.samples.first.map($0.duration(of:)) ?? 0 }),
           duration > 0 {
            frameRate = Double(video.timescale) / Double(duration)
        } else {
            frameRate = 0
        }
    }

    /// Seconds of video in media segment `index` cut after `keeping` seconds (all of it when nil).
    func videoDuration(_ index: Int, keeping: Double?) -> Double {
        guard let video else { return 0 }
        var fragment = segments[index % segments.count]
        if let keeping { fragment.cut(after: keeping, timescales: timescales) }
        return fragment.duration(track: video.id, timescale: video.timescale)
    }

    /// Media segment `index` as a vod segment: cut after `keeping` seconds, moved to `start`
    /// seconds on the clip's timeline, numbered `sequence`.
    func segment(_ index: Int, startingAt start: Double, keeping: Double?, sequence: UInt32) -> Data {
        var fragment = segments[index % segments.count]
        if let keeping { fragment.cut(after: keeping, timescales: timescales) }
        fragment.move(to: start, timescales: timescales, sequence: sequence)
        return Data(fragment.serialized())
    }

    /// `avc1.PPCCLL` from the `avcC` box.
    private static func videoCodec(_ bytes: [UInt8], _ trak: MP4Boxes.Box) throws -> String {
        guard let stsd = try MP4Boxes.find(["mdia", "minf", "stbl", "stsd"], in: bytes, range: trak.payload).first else {
            throw MP4Boxes.Failure(description: "init.mp4: no stsd")
        }
        // stsd: version/flags, entry count, then the sample entry (avc1: 78 bytes before its boxes).
        let entries = try MP4Boxes.children(of: bytes, in: (stsd.payload.lowerBound + 8)..<stsd.payload.upperBound)
        guard let avc1 = entries.first(where: { $0.type == "avc1" }),
              let avcC = try MP4Boxes.children(of: bytes, in: (avc1.payload.lowerBound + 78)..<avc1.payload.upperBound)
                  .first(where: { $0.type == "avcC" })
        else { throw MP4Boxes.Failure(description: "init.mp4: no avc1/avcC") }
        let at = avcC.payload.lowerBound
        return "avc1." + bytes[(at + 1)...(at + 3)].map { String(format: "%02x", $0) }.joined()
    }
}
