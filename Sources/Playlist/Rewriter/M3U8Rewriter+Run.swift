import Foundation

extension M3U8Rewriter {
    /// Sets up a ``RewriteEngine`` over `raw`, runs it, and gives its output buffer to `finish`
    /// (before the buffer is released, unless `finish` took it).
    func run<T>(
        _ raw: UnsafeRawBufferPointer, authorization: [UInt8]?,
        flush: ((UnsafeRawBufferPointer) throws -> Void)?, records: Bool = false,
        finish: (inout OutputBuffer, M3U8Inventory?) -> T  // memory mode: takes the buffer
    ) throws(M3U8Error) -> (T, M3U8Summary) {
        guard raw.count <= limits.maxBytes else {
            throw M3U8Error(.tooLarge(size: raw.count, cap: limits.maxBytes), line: 0)
        }
        let baseBytes = Array(playlistURL.absoluteString.utf8)
        return try baseBytes.withUnsafeBufferPointer { (base) throws(M3U8Error) -> (T, M3U8Summary) in
            let baseParts = try Self.parseBase(base)
            let prefix = Self.basePrefix(base, baseParts)
            let empty: UInt8 = 0
            return try withUnsafePointer(to: empty) { (emptyPointer) throws(M3U8Error) -> (T, M3U8Summary) in
                let input = raw.count > 0 ? raw.baseAddress!.assumingMemoryBound(to: UInt8.self) : emptyPointer
                return try URIBytes.mustEncode.withUnsafeBufferPointer { (table) throws(M3U8Error) -> (T, M3U8Summary) in
                    let capacity = flush == nil ? raw.count + raw.count / 4 + 4096 : RewriteEngine.flushThreshold + 65536
                    var engine = RewriteEngine(
                        input: input, count: raw.count, base: base.baseAddress!, baseParts: baseParts,
                        basePrefix: prefix, authorization: authorization, appendsEndList: appendsEndList,
                        maxLineBytes: limits.maxLineBytes, replacements: replacements, table: table.baseAddress!,
                        flush: flush, proxyBase: proxyBase.map { Array($0.utf8) }, out: OutputBuffer(capacity: capacity))
                    engine.out.progress = (0, raw.count)
                    engine.proxyAddsToken = addsToken
                    if records { engine.inventory = M3U8Inventory() }
                    do throws(M3U8Error) {
                        try engine.run()
                    } catch {
                        engine.out.release()
                        throw error
                    }
                    if let flush {
                        defer { engine.out.release() }
                        if engine.out.count > 0 {
                            do { try flush(engine.out.bytes) } catch {
                                throw M3U8Error(.writeFailed(String(describing: error)), line: 0)
                            }
                        }
                    }
                    return (finish(&engine.out, engine.inventory), engine.summary)
                }
            }
        }
    }

    /// Throws ``M3U8Error`` (`invalidPlaylistURL`) when `url` cannot be the base of a playlist:
    /// it must be an absolute http(s) URL with a host.
    public static func check(playlistURL url: URL) throws(M3U8Error) {
        let bytes = Array(url.absoluteString.utf8)
        _ = try bytes.withUnsafeBufferPointer { (base) throws(M3U8Error) in try parseBase(base) }
    }

    static func parseBase(_ base: UnsafeBufferPointer<UInt8>) throws(M3U8Error) -> URIParts {
        let invalid = M3U8Error(.invalidPlaylistURL(String(decoding: base, as: UTF8.self)), line: 0)
        guard let pointer = base.baseAddress, base.count > 0 else { throw invalid }
        let parts = URIParts.parse(pointer, 0, base.count)
        guard parts.schemeIs("http", in: pointer) || parts.schemeIs("https", in: pointer), parts.authority != nil else {
            throw invalid
        }
        return parts
    }

    /// `scheme://authority` + the base path up to its last `/`, dot segments removed.
    static func basePrefix(_ base: UnsafeBufferPointer<UInt8>, _ parts: URIParts) -> [UInt8] {
        let p = base.baseAddress!
        var out = OutputBuffer(capacity: base.count + 8)
        defer { out.release() }
        out.append(p, parts.path.lowerBound)   // "scheme://authority"
        var lastSlash = parts.path.upperBound - 1
        while lastSlash >= parts.path.lowerBound && p[lastSlash] != URIBytes.slash { lastSlash -= 1 }
        if lastSlash < parts.path.lowerBound {
            out.append(URIBytes.slash)
        } else {
            var dots = DotSegments()
            dots.compute(p, parts.path.lowerBound, lastSlash + 1)
            URIBytes.mustEncode.withUnsafeBufferPointer { dots.write(p, into: &out, table: $0.baseAddress!) }
        }
        return Array(UnsafeBufferPointer(start: out.base, count: out.count))
    }
}

extension M3U8Rewriter {
    /// RFC 3986 resolution of `reference` against `base` without touching the query (tests,
    /// comparison with Foundation). Nil when `reference` is left alone or the input is invalid.
    static func resolve(_ reference: String, against base: URL) -> String? {
        let rewriter = M3U8Rewriter(playlistURL: base, token: "")
        let input = Array("#EXTM3U\n#EXT-X-MAP:URI=\"\(reference)\"\n".utf8)
        var result: (Data, M3U8Summary)?
        input.withUnsafeBytes { raw in
            result = try? rewriter.run(raw, authorization: nil, flush: nil) { buffer, _ in buffer.takeData() }
        }
        guard let (output, summary) = result, summary.rewrittenURICount == 1 else { return nil }
        let text = String(decoding: output, as: UTF8.self)
        return String(text.dropFirst("#EXTM3U\n#EXT-X-MAP:URI=\"".count).dropLast(2))
    }
}
