/// The five parts of a URI reference as ranges into a byte buffer (RFC 3986 appendix B).
/// Internal: parsing and reference resolution on bytes, without `String` or `URL`.
struct URIParts {
    var scheme: Range<Int>?      // without ":"
    var authority: Range<Int>?   // without "//"
    var path: Range<Int>
    var query: Range<Int>?       // without "?"
    var fragment: Range<Int>?    // without "#"

    /// Splits `p[start..<end]`. A scheme is only recognised when it is valid (ALPHA *(ALPHA/DIGIT/+-.)).
    static func parse(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> URIParts {
        var i = start
        var scheme: Range<Int>?
        if i < end && URIBytes.isAlpha(p[i]) {
            var k = i + 1
            while k < end && URIBytes.isSchemeChar(p[k]) { k += 1 }
            if k < end && p[k] == URIBytes.colon { scheme = i..<k; i = k + 1 }
        }
        var authority: Range<Int>?
        if i + 1 < end && p[i] == URIBytes.slash && p[i + 1] == URIBytes.slash {
            var k = i + 2
            while k < end && p[k] != URIBytes.slash && p[k] != URIBytes.question && p[k] != URIBytes.hash { k += 1 }
            authority = (i + 2)..<k
            i = k
        }
        let pathStart = i
        while i < end && p[i] != URIBytes.question && p[i] != URIBytes.hash { i += 1 }
        let path = pathStart..<i
        var query: Range<Int>?
        if i < end && p[i] == URIBytes.question {
            let q = i + 1
            i = q
            while i < end && p[i] != URIBytes.hash { i += 1 }
            query = q..<i
        }
        var fragment: Range<Int>?
        if i < end && p[i] == URIBytes.hash { fragment = (i + 1)..<end }
        return URIParts(scheme: scheme, authority: authority, path: path, query: query, fragment: fragment)
    }

    /// True when the scheme is `name` (lowercase ASCII), compared case-insensitively.
    func schemeIs(_ name: StaticString, in p: UnsafePointer<UInt8>) -> Bool {
        guard let scheme, scheme.count == name.utf8CodeUnitCount else { return false }
        let n = name.utf8Start
        for k in 0..<scheme.count where (p[scheme.lowerBound + k] | 0x20) != n[k] { return false }
        return true
    }
}

/// RFC 3986 §5.2.4 `remove_dot_segments`, as segment ranges of `path` (reused scratch).
struct DotSegments {
    var segments: [Range<Int>] = []
    var trailingSlash = false
    var absolute = false

    /// Fills ``segments`` with the path's segments after removing `.` and `..`.
    mutating func compute(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) {
        segments.removeAll(keepingCapacity: true)
        trailingSlash = false
        absolute = start < end && p[start] == URIBytes.slash
        var i = absolute ? start + 1 : start
        if i > end { return }
        while true {
            var k = i
            while k < end && p[k] != URIBytes.slash { k += 1 }
            let isLast = k >= end
            let length = k - i
            if length == 1 && p[i] == URIBytes.dot {
                if isLast { trailingSlash = true }
            } else if length == 2 && p[i] == URIBytes.dot && p[i + 1] == URIBytes.dot {
                if !segments.isEmpty { segments.removeLast() }
                if isLast { trailingSlash = true }
            } else {
                segments.append(i..<k)
            }
            if isLast { break }
            i = k + 1
        }
    }

    /// Writes the normalised path.
    func write(_ p: UnsafePointer<UInt8>, into out: inout OutputBuffer, table: UnsafePointer<Bool>) {
        if absolute { out.append(URIBytes.slash) }
        for (n, segment) in segments.enumerated() {
            if n > 0 { out.append(URIBytes.slash) }
            out.appendEncoded(p, segment.lowerBound, segment.upperBound, table: table)
        }
        if trailingSlash && !segments.isEmpty { out.append(URIBytes.slash) }
    }
}
