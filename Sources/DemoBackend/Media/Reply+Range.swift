import Foundation

/// `Range: bytes=…` on media files (single ranges, as HLS players send for `#EXT-X-BYTERANGE`):
/// 206 with `Content-Range`, 416 when the range is outside the file; several ranges, another unit
/// or a range covering the whole file (ffmpeg sends `bytes=0-` on every request) get the whole file
/// with 200, which RFC 9110 allows.
extension Reply {
    /// This 200 answer cut to `range` (the request's `Range` header); unchanged when nil.
    func ranged(by range: String?) -> Reply {
        guard status == 200 else { return self }
        var whole = self
        whole.headers.append(("Accept-Ranges", "bytes"))
        guard let range, let bounds = Self.byteRange(range, size: body.count) else { return whole }
        guard let bounds else {
            var refused = Reply.error(416, "range_not_satisfiable", "The range \(range) is outside the file (\(body.count) bytes).")
            refused.headers.append(("Content-Range", "bytes */\(body.count)"))
            return refused
        }
        if bounds.lowerBound == 0, bounds.upperBound == body.count - 1 { return whole }
        var part = whole
        part.status = 206
        part.body = body.subdata(in: bounds.lowerBound..<(bounds.upperBound + 1))
        part.headers.append(("Content-Range", "bytes \(bounds.lowerBound)-\(bounds.upperBound)/\(body.count)"))
        return part
    }

    /// nil: not a single byte range (serve the whole file); `.some(nil)`: unsatisfiable.
    static func byteRange(_ header: String, size: Int) -> ClosedRange<Int>?? {
        let value = header.trimmingCharacters(in: .whitespaces)
        guard value.lowercased().hasPrefix("bytes="), !value.contains(",") else { return nil }
        let spec = value.dropFirst("bytes=".count).split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard spec.count == 2 else { return nil }
        let first = spec[0].trimmingCharacters(in: .whitespaces), last = spec[1].trimmingCharacters(in: .whitespaces)
        if first.isEmpty {
            // bytes=-N: the last N bytes.
            guard let suffix = Int(last), suffix > 0 else { return .some(nil) }
            return size == 0 ? .some(nil) : .some(max(0, size - suffix)...(size - 1))
        }
        guard let start = Int(first), start >= 0 else { return nil }
        guard start < size else { return .some(nil) }
        if last.isEmpty { return .some(start...(size - 1)) }
        // An end before the start (or not a number) makes the header invalid: ignored.
        guard let end = Int(last), end >= start else { return nil }
        return .some(start...min(end, size - 1))
    }
}
