import Foundation

/// Reading and writing ISO BMFF boxes (the parts the vod segments need): a box is a 32-bit size
/// (or 1 and a 64-bit size), a four-letter type, then its payload.
///
/// ```swift
/// let bytes = [UInt8](data)
/// for box in try MP4Boxes.children(of: bytes, in: 0..<bytes.count) where box.type == "moof" { … }
/// let mfhd = MP4Boxes.make("mfhd", [0, 0, 0, 0] + MP4Boxes.u32(1))
/// ```
enum MP4Boxes {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Where one box lies in its buffer.
    struct Box: Sendable {
        let type: String
        /// The whole box, header included.
        let range: Range<Int>
        let payload: Range<Int>
    }

    /// The boxes laid end to end in `range`.
    static func children(of bytes: [UInt8], in range: Range<Int>) throws -> [Box] {
        var boxes: [Box] = []
        var offset = range.lowerBound
        while offset < range.upperBound {
            guard offset + 8 <= range.upperBound else { throw Failure(description: "truncated box header at \(offset)") }
            var size = Int(u32(bytes, offset))
            var header = 8
            if size == 1 {
                guard offset + 16 <= range.upperBound else { throw Failure(description: "truncated large box at \(offset)") }
                size = Int(u64(bytes, offset + 8))
                header = 16
            } else if size == 0 {
                size = range.upperBound - offset
            }
            guard size >= header, offset + size <= range.upperBound else {
                throw Failure(description: "box at \(offset) (size \(size)) overruns its parent")
            }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            boxes.append(Box(type: type, range: offset..<(offset + size), payload: (offset + header)..<(offset + size)))
            offset += size
        }
        return boxes
    }

    /// The first child of type `type` under the box path `path` (e.g. `["moov", "trak"]`).
    static func find(_ path: [String], in bytes: [UInt8], range: Range<Int>) throws -> [Box] {
        guard let first = path.first else { return [] }
        let matching = try children(of: bytes, in: range).filter { $0.type == first }
        if path.count == 1 { return matching }
        return try matching.flatMap { try find(Array(path.dropFirst()), in: bytes, range: $0.payload) }
    }

    /// A box with a 32-bit size.
    static func make(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        u32(UInt32(payload.count + 8)) + Array(type.utf8) + payload
    }

    static func u16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
    }

    static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        bytes[at..<(at + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }

    static func u64(_ bytes: [UInt8], _ at: Int) -> UInt64 {
        bytes[at..<(at + 8)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }

    static func u16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

    static func u32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (24 - 8 * $0)) & 0xFF) } }

    static func u64(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8((value >> (56 - 8 * $0)) & 0xFF) } }

    /// `bytes` with every box of a type in `drop` removed from inside the containers named in
    /// `containers` (their sizes fixed up); other boxes are copied as they are.
    static func removing(_ drop: Set<String>, from bytes: [UInt8], in range: Range<Int>, containers: Set<String>) throws -> [UInt8] {
        var out: [UInt8] = []
        for box in try children(of: bytes, in: range) where !drop.contains(box.type) {
            if containers.contains(box.type) {
                out += make(box.type, try removing(drop, from: bytes, in: box.payload, containers: containers))
            } else {
                out += bytes[box.range]
            }
        }
        return out
    }
}
