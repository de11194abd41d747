/// URIs: resolution against the playlist URL (RFC 3986 §5.2) and the `Authorization` item.
extension RewriteEngine {
    /// Writes the absolute, authorised form of the URI `input[s..<e]`, or returns false (writing
    /// nothing) when it is left alone: `{$var}` references and schemes other than http(s)
    /// (`data:`, `skd:`, ...).
    mutating func writeURI(_ s: Int, _ e: Int) -> Bool {
        // One scan: variable references, and whether the fast path applies (a bare relative
        // name: no '/', '?', '#', ':', nothing to encode, not "." or "..").
        var simple = s < e
        var k = s
        while k < e {
            let b = input[k]
            if b == 0x7B && k + 1 < e && input[k + 1] == 0x24 { summary.untouchedURICount &+= 1; return false }
            if b == URIBytes.slash || b == URIBytes.question || b == URIBytes.hash || b == URIBytes.colon || table[Int(b)] {
                simple = false
            }
            k &+= 1
        }
        if simple && input[s] == URIBytes.dot && (e - s == 1 || (e - s == 2 && input[s + 1] == URIBytes.dot)) {
            simple = false
        }
        let mark = out.count
        defer { if proxyBase != nil && out.count > mark { proxify(from: mark) } }
        if simple {
            out.append(basePrefix)
            out.append(input + s, e - s)
            if let authorization {
                out.append(URIBytes.question)
                out.append(authorization)
            }
            summary.rewrittenURICount &+= 1
            return true
        }
        let ref = URIParts.parse(input, s, e)
        if ref.scheme != nil && !ref.schemeIs("http", in: input) && !ref.schemeIs("https", in: input) {
            summary.untouchedURICount &+= 1
            return false
        }
        resolve(ref)
        summary.rewrittenURICount &+= 1
        return true
    }

    /// RFC 3986 §5.2.2 with the playlist URL as base, written to ``out``.
    mutating func resolve(_ ref: URIParts) {
        let table = self.table
        // scheme ":" ["//" authority]
        if let scheme = ref.scheme {
            out.appendEncoded(input, scheme.lowerBound, scheme.upperBound, table: table)
        } else {
            out.append(base + baseParts.scheme!.lowerBound, baseParts.scheme!.count)
        }
        out.append(URIBytes.colon)
        if let authority = ref.authority {
            out.append(URIBytes.slash); out.append(URIBytes.slash)
            out.appendEncoded(input, authority.lowerBound, authority.upperBound, table: table)
        } else if ref.scheme == nil, let authority = baseParts.authority {
            out.append(URIBytes.slash); out.append(URIBytes.slash)
            out.append(base + authority.lowerBound, authority.count)
        }
        // path and query
        var queryPointer = input
        var query = ref.query
        if ref.scheme != nil || ref.authority != nil || (!ref.path.isEmpty && input[ref.path.lowerBound] == URIBytes.slash) {
            dots.compute(input, ref.path.lowerBound, ref.path.upperBound)
            dots.write(input, into: &out, table: table)
        } else if ref.path.isEmpty {
            out.append(base + baseParts.path.lowerBound, baseParts.path.count)
            if query == nil { queryPointer = base; query = baseParts.query }
        } else {
            // merge(base path, ref path), then remove dot segments
            merged.removeAll(keepingCapacity: true)
            if baseParts.authority != nil && baseParts.path.isEmpty {
                merged.append(URIBytes.slash)
            } else {
                var lastSlash = baseParts.path.upperBound - 1
                while lastSlash >= baseParts.path.lowerBound && base[lastSlash] != URIBytes.slash { lastSlash -= 1 }
                if lastSlash >= baseParts.path.lowerBound {
                    merged.append(contentsOf: UnsafeBufferPointer(start: base + baseParts.path.lowerBound, count: lastSlash + 1 - baseParts.path.lowerBound))
                }
            }
            merged.append(contentsOf: UnsafeBufferPointer(start: input + ref.path.lowerBound, count: ref.path.count))
            let path = merged
            path.withUnsafeBufferPointer { buffer in
                dots.compute(buffer.baseAddress!, 0, buffer.count)
                dots.write(buffer.baseAddress!, into: &out, table: table)
            }
        }
        if let authorization {
            out.appendAuthorizedQuery(queryPointer, query, authorization: authorization, table: table)
        } else if let query {
            out.append(URIBytes.question)
            out.appendEncoded(queryPointer, query.lowerBound, query.upperBound, table: table)
        }
        if let fragment = ref.fragment {
            out.append(URIBytes.hash)
            out.appendEncoded(input, fragment.lowerBound, fragment.upperBound, table: table)
        }
    }
}
