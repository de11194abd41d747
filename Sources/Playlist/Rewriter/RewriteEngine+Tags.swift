import Foundation

/// Tags: `#EXTINF` durations, `#EXT-X-ENDLIST`, master tags, and `URI="…"` attributes.
///
/// A rewriter is no stricter than a player: it understands what it rewrites (`URI="…"` values) and
/// what the summary reports, and passes every other line through unchanged. `#EXTINF:-1,Title`
/// (IPTV and radio lists), a bare `#EXTINF` or `#EXT-X-MAP`, and a non-URI attribute whose quote is
/// never closed are kept as they are; an unclosed `URI="…` runs to the end of the line, as in ffmpeg.
extension RewriteEngine {
    enum Tag {
        case extinf, endList, streamInf, iFrameStreamInf, media, sessionData, sessionKey
        case map, key, part, preloadHint, renditionReport, other
    }

    /// Tag names (up to `:`), most frequent first.
    static let tags: [([UInt8], Tag)] = ([
        ("#EXTINF", .extinf), ("#EXT-X-KEY", .key), ("#EXT-X-MAP", .map), ("#EXT-X-PART", .part),
        ("#EXT-X-ENDLIST", .endList), ("#EXT-X-STREAM-INF", .streamInf), ("#EXT-X-MEDIA", .media),
        ("#EXT-X-I-FRAME-STREAM-INF", .iFrameStreamInf), ("#EXT-X-PRELOAD-HINT", .preloadHint),
        ("#EXT-X-RENDITION-REPORT", .renditionReport), ("#EXT-X-SESSION-DATA", .sessionData),
        ("#EXT-X-SESSION-KEY", .sessionKey),
    ] as [(String, Tag)]).map { (Array($0.0.utf8), $0.1) }

    func lookupTag(_ start: Int, _ nameEnd: Int) -> Tag {
        let length = nameEnd - start
        for (name, tag) in Self.tags where name.count == length {
            if name.withUnsafeBufferPointer({ memcmp($0.baseAddress!, input + start, length) }) == 0 { return tag }
        }
        return .other
    }

    mutating func processTag(_ start: Int, _ end: Int) {
        var nameEnd = start
        while nameEnd < end && input[nameEnd] != URIBytes.colon { nameEnd += 1 }
        // "#EXT" is checked by the caller; "#EXTINF" is most lines of a media playlist.
        let tag = nameEnd - start == 7 && input[start + 4] == 0x49 && input[start + 5] == 0x4E && input[start + 6] == 0x46
            ? .extinf : lookupTag(start, nameEnd)
        let hasValue = nameEnd < end
        switch tag {
        case .other:
            recordTag(tag, start, nameEnd, end)
            copyLine(start, end)
        case .extinf:
            // Only the summary reads the duration: an unknown one (`-1`, none, text) adds nothing.
            if hasValue, let seconds = parseDuration(nameEnd + 1, end) {
                summary.totalDuration += seconds
                pendingDuration = seconds
            } else {
                pendingDuration = 0
            }
            copyLine(start, end)
        case .endList:
            summary.hasEndList = true
            copyLine(start, end)
        default:
            switch tag {
            case .streamInf: isMaster = true; pendingVariant = true
            case .iFrameStreamInf, .media, .sessionData, .sessionKey: isMaster = true
            default: break
            }
            recordTag(tag, start, nameEnd, end)
            // A bare tag (`#EXT-X-MAP`) names no URI: nothing to rewrite.
            guard hasValue else { copyLine(start, end); return }
            uriKind = Self.kind(of: tag)
            let lineMark = out.count
            rewriteAttributes(start, nameEnd + 1, end, variant: tag == .media, map: tag == .map)
            recordWrittenTag(tag, from: lineMark)
        }
    }

    /// A decimal number of seconds (`2`, `2.000000`, ` 10.5`); nil when there are no digits or the
    /// value is not a plain non-negative number (`-1` means "unknown" in IPTV lists).
    func parseDuration(_ start: Int, _ end: Int) -> Double? {
        var k = start
        while k < end && input[k] == 0x20 { k += 1 }
        var whole: UInt64 = 0, digits = 0
        while k < end && URIBytes.isDigit(input[k]) {
            if digits < 18 { whole = whole * 10 + UInt64(input[k] - 0x30) }
            digits += 1; k += 1
        }
        var fraction: UInt64 = 0, scale = 1.0, fractionDigits = 0
        if k < end && input[k] == URIBytes.dot {
            k += 1
            while k < end && URIBytes.isDigit(input[k]) {
                if fractionDigits < 17 { fraction = fraction * 10 + UInt64(input[k] - 0x30); scale *= 10 }
                fractionDigits += 1; k += 1
            }
        }
        guard digits + fractionDigits > 0 else { return nil }
        guard k == end || input[k] == 0x2C || input[k] == 0x20 else { return nil }
        return Double(whole) + Double(fraction) / scale
    }

    /// Copies an attribute-list tag, rewriting every `URI="…"` value. A quote that is never closed
    /// runs to the end of the line (trailing blanks excluded), as ffmpeg reads it.
    mutating func rewriteAttributes(_ start: Int, _ valuesStart: Int, _ end: Int, variant: Bool, map: Bool = false) {
        var copyFrom = start
        var j = valuesStart
        while j < end {
            let nameStart = j
            while j < end && input[j] != URIBytes.equals && input[j] != 0x2C { j += 1 }
            if j < end && input[j] == URIBytes.equals {
                let nameEnd = j
                j += 1
                if j < end && input[j] == 0x22 {
                    let valueStart = j + 1
                    var k = valueStart
                    while k < end && input[k] != 0x22 { k += 1 }
                    if k == end {
                        while k > valueStart && (input[k - 1] == 0x20 || input[k - 1] == 0x09) { k -= 1 }
                    }
                    if isURIName(nameStart, nameEnd) {
                        out.append(input + copyFrom, valueStart - copyFrom)
                        let mark = out.count
                        if writeURI(valueStart, k) {
                            if map { recordInit(from: mark) }
                            if variant { recordVariant(from: mark) }
                        } else {
                            out.append(input + valueStart, k - valueStart)
                        }
                        copyFrom = k
                    }
                    j = k + 1
                    if k >= end || input[k] != 0x22 { break }   // unclosed: the value was the rest of the line
                }
            }
            while j < end && input[j] != 0x2C { j += 1 }
            j += 1
        }
        out.append(input + copyFrom, end - copyFrom)
        out.append(0x0A)
    }

    func isURIName(_ start: Int, _ end: Int) -> Bool {
        var s = start, e = end
        while s < e && input[s] == 0x20 { s += 1 }
        while e > s && input[e - 1] == 0x20 { e -= 1 }
        return e - s == 3 && input[s] == 0x55 && input[s + 1] == 0x52 && input[s + 2] == 0x49
    }
}
