import Networking

/// The one-pass rewrite over bytes behind ``M3U8Rewriter``. Internal.
///
/// Reads `input` line by line (LF, CRLF or CR; a leading UTF-8 BOM is skipped), copies every line
/// that holds no URI unchanged and writes `\n` after each line; see `RewriteEngine+Tags.swift`
/// for tags and `RewriteEngine+URI.swift` for URIs.
struct RewriteEngine {
    let input: UnsafePointer<UInt8>
    let count: Int
    let base: UnsafePointer<UInt8>
    let baseParts: URIParts
    /// `scheme://authority/dir/` of the playlist URL, dot segments removed: the fast path's prefix.
    let basePrefix: [UInt8]
    /// `Authorization=<percent-encoded token>`, or nil to resolve only.
    let authorization: [UInt8]?
    let appendsEndList: Bool
    let maxLineBytes: Int
    let replacements: [String: String]
    let table: UnsafePointer<Bool>
    let flush: ((UnsafeRawBufferPointer) throws -> Void)?
    /// Proxy mode (``M3U8Rewriter/proxyBase``): URIs are written into the proxy instead of authorised.
    let proxyBase: [UInt8]?
    /// Proxy mode: whether the proxy is to add the token to the URIs written (``M3U8Rewriter/addsToken``).
    var proxyAddsToken = true

    var out: OutputBuffer
    /// What the URI being written is for (proxy mode writes it into the URI).
    var uriKind: HTTPRequestKind = .mediaSegment
    var dots = DotSegments()
    var merged: [UInt8] = []
    var summary = M3U8Summary()
    var line = 0
    var isMaster = false
    var pendingVariant = false
    var uriLines = 0
    /// Set by ``M3U8Rewriter/inventory(_:)`` only: what the playlist names (see `M3U8Rewriter+Inventory.swift`).
    var inventory: M3U8Inventory?
    var pendingDuration = 0.0
    var pendingBandwidth: Int?
    var pendingAudioGroup: String?
    var pendingResolution: M3U8Inventory.Resolution?
    var pendingByteRange: M3U8Inventory.ByteRange?
    /// Where a `#EXT-X-BYTERANGE` without `@offset` starts: the end of the previous range.
    var nextRangeOffset = 0
    var currentKey: M3U8Inventory.Key?
    var mediaSequence = 0

    @inline(__always) static var flushThreshold: Int { 1 << 18 }

    /// Runs the rewrite; the output is in ``out`` (or was flushed).
    mutating func run() throws(M3U8Error) {
        var i = 0
        if count >= 3 && input[0] == 0xEF && input[1] == 0xBB && input[2] == 0xBF { i = 3 }
        var sawHeader = false
        let input = self.input, count = self.count
        while i < count {
            line &+= 1
            let start = i
            var special = false   // a byte outside printable ASCII (tab, control, non-ASCII)
            while i < count {
                let b = input[i]
                if b &- 0x20 < 0x5F { i &+= 1; continue }
                if b == 0x0A || b == 0x0D { break }
                special = true
                i &+= 1
            }
            let end = i
            if i < count {
                i &+= (input[i] == 0x0D && i &+ 1 < count && input[i &+ 1] == 0x0A) ? 2 : 1
            }
            if end - start > maxLineBytes {
                throw M3U8Error(.lineTooLong(length: end - start, cap: maxLineBytes), line: line)
            }
            if !sawHeader {
                if isBlank(start, end) { copyLine(start, end); continue }
                guard isHeader(start, end) else { throw M3U8Error(.missingHeader, line: line) }
                sawHeader = true
            }
            if special { try checkText(start, end) }
            try processLine(start, end)
            if let flush, out.count >= Self.flushThreshold {
                do { try flush(out.bytes) } catch { throw M3U8Error(.writeFailed(String(describing: error)), line: line) }
                out.removeAll()
            }
            out.progress.done = i
        }
        if !sawHeader { throw M3U8Error(line == 0 ? .empty : .missingHeader, line: line == 0 ? 0 : 1) }
        summary.kind = isMaster ? .master : .media
        summary.segmentCount = isMaster ? 0 : uriLines
        summary.lineCount = line
        if appendsEndList && !isMaster && !summary.hasEndList {
            out.append(Self.endList)
            summary.appendedEndList = true
        }
    }

    static let endList: [UInt8] = Array("#EXT-X-ENDLIST\n".utf8)
    static let header: [UInt8] = Array("#EXTM3U".utf8)

    @inline(__always)
    mutating func copyLine(_ start: Int, _ end: Int) {
        out.append(input + start, end - start)
        out.append(0x0A)
    }

    func isBlank(_ start: Int, _ end: Int) -> Bool {
        var k = start
        while k < end { if input[k] != 0x20 && input[k] != 0x09 { return false }; k += 1 }
        return true
    }

    func isHeader(_ start: Int, _ end: Int) -> Bool {
        guard end - start >= 7 else { return false }
        for k in 0..<7 where input[start + k] != Self.header[k] { return false }
        return isBlank(start + 7, end)
    }

    /// Tabs are fine; other C0 controls and DEL are not; non-ASCII must be valid UTF-8.
    func checkText(_ start: Int, _ end: Int) throws(M3U8Error) {
        var k = start
        while k < end {
            let b = input[k]
            if b < 0x20 && b != 0x09 || b == 0x7F { throw M3U8Error(.controlCharacter(b), line: line) }
            k += 1
        }
        if !UTF8Validation.isValid(input, start, end) { throw M3U8Error(.notUTF8, line: line) }
    }

    mutating func processLine(_ start: Int, _ end: Int) throws(M3U8Error) {
        if start == end { out.append(0x0A); return }
        if input[start] == 0x23 {   // '#'
            if end - start >= 4 && input[start + 1] == 0x45 && input[start + 2] == 0x58 && input[start + 3] == 0x54 {
                processTag(start, end)
            } else {
                copyLine(start, end)
            }
            return
        }
        var s = start, e = end
        while s < e && (input[s] == 0x20 || input[s] == 0x09) { s += 1 }
        while e > s && (input[e - 1] == 0x20 || input[e - 1] == 0x09) { e -= 1 }
        if s == e { copyLine(start, end); return }
        let variant = pendingVariant
        pendingVariant = false
        if !variant { uriLines &+= 1 }
        let mark = out.count
        uriKind = variant ? .manifestHlsVariant : .mediaSegment
        if writeURI(s, e) {
            recordURI(from: mark, variant: variant)
            if variant { recordVariant(from: mark) }
            out.append(0x0A)
        } else {
            copyLine(start, end)
        }
    }

    /// Notes the URI just written at `out[mark...]` as a variant, writing its replacement instead if any.
    mutating func recordVariant(from mark: Int) {
        let written = String(decoding: UnsafeRawBufferPointer(start: out.base + mark, count: out.count - mark), as: UTF8.self)
        summary.variantURIs.append(written)
        if let replacement = replacements[written] {
            out.truncate(to: mark)
            out.append(Array(replacement.utf8))
        }
    }
}
