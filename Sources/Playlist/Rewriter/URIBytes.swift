/// Byte classes and small helpers for URIs (RFC 3986), shared by the rewriter and ``PlaybackURL``.
enum URIBytes {
    @inline(__always) static var slash: UInt8 { 0x2F }
    @inline(__always) static var question: UInt8 { 0x3F }
    @inline(__always) static var hash: UInt8 { 0x23 }
    @inline(__always) static var colon: UInt8 { 0x3A }
    @inline(__always) static var dot: UInt8 { 0x2E }
    @inline(__always) static var ampersand: UInt8 { 0x26 }
    @inline(__always) static var equals: UInt8 { 0x3D }
    @inline(__always) static var percent: UInt8 { 0x25 }

    @inline(__always) static func isAlpha(_ b: UInt8) -> Bool { (b | 0x20) &- 0x61 < 26 }
    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }
    @inline(__always) static func isSchemeChar(_ b: UInt8) -> Bool {
        isAlpha(b) || isDigit(b) || b == 0x2B || b == 0x2D || b == 0x2E
    }

    /// Bytes written as `%XX` when copied into an output URI: controls, space, non-ASCII and the
    /// characters RFC 3986 never allows (`"<>\^`{|}`). Everything else, `%` included, is kept.
    static let mustEncode: [Bool] = (0...255).map { b in
        b <= 0x20 || b >= 0x7F || [0x22, 0x3C, 0x3E, 0x5C, 0x5E, 0x60, 0x7B, 0x7C, 0x7D].contains(b)
    }

    /// Unreserved characters (`ALPHA DIGIT - . _ ~`): the only ones a token keeps unencoded.
    @inline(__always) static func isUnreserved(_ b: UInt8) -> Bool {
        isAlpha(b) || isDigit(b) || b == 0x2D || b == 0x2E || b == 0x5F || b == 0x7E
    }

    static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// `Authorization=<token>` with the token percent-encoded (everything but unreserved).
    static func authorizationItem(token: String) -> [UInt8] {
        var out = Array("Authorization=".utf8)
        for b in token.utf8 {
            if isUnreserved(b) { out.append(b) } else {
                out.append(percent); out.append(hexDigits[Int(b >> 4)]); out.append(hexDigits[Int(b & 15)])
            }
        }
        return out
    }

    static let authorizationName: [UInt8] = Array("authorization".utf8)

    /// True when the query item `p[start..<end]` is named `Authorization` (ASCII case-insensitive).
    @inline(__always)
    static func isAuthorizationItem(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        let name = authorizationName
        if end - start < 13 { return false }
        if end - start > 13 && p[start + 13] != equals { return false }
        for k in 0..<13 where (p[start + k] | 0x20) != name[k] { return false }
        return true
    }
}

extension OutputBuffer {
    /// Appends `p[start..<end]`, percent-encoding the bytes of ``URIBytes/mustEncode``.
    @inline(__always)
    mutating func appendEncoded(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, table: UnsafePointer<Bool>) {
        var run = start
        var k = start
        while k < end {
            let b = p[k]
            if table[Int(b)] {
                append(p + run, k - run)
                append(URIBytes.percent)
                append(URIBytes.hexDigits[Int(b >> 4)])
                append(URIBytes.hexDigits[Int(b & 15)])
                run = k + 1
            }
            k += 1
        }
        append(p + run, end - run)
    }

    /// Appends `?` + the items of `query` except `Authorization` ones, in order, + `authorization`.
    mutating func appendAuthorizedQuery(
        _ p: UnsafePointer<UInt8>, _ query: Range<Int>?, authorization: [UInt8], table: UnsafePointer<Bool>
    ) {
        append(URIBytes.question)
        if let query {
            var itemStart = query.lowerBound
            while itemStart < query.upperBound {
                var itemEnd = itemStart
                while itemEnd < query.upperBound && p[itemEnd] != URIBytes.ampersand { itemEnd += 1 }
                if itemEnd > itemStart && !URIBytes.isAuthorizationItem(p, itemStart, itemEnd) {
                    appendEncoded(p, itemStart, itemEnd, table: table)
                    append(URIBytes.ampersand)
                }
                itemStart = itemEnd + 1
            }
        }
        append(authorization)
    }
}
