import Foundation

extension M3U8Rewriter {
    /// Reads `input` the way ``rewrite(_:)`` does and lists what it names (segments, init segment,
    /// variants with their bandwidth), every URI absolute and carrying the token (unless
    /// ``addsToken`` is false).
    /// - Throws: ``M3U8Error`` (with the line number) for input that is not a playlist.
    ///
    /// ```swift
    /// let inventory = try M3U8Rewriter(playlistURL: url, token: "tok").inventory(body)
    /// inventory.segments.first?.uri   // "https://cdn.example/v/seg0.ts?Authorization=tok"
    /// ```
    public func inventory(_ input: some ContiguousBytes) throws(M3U8Error) -> M3U8Inventory {
        var result: Result<M3U8Inventory, M3U8Error> = .failure(M3U8Error(.empty, line: 0))
        input.withUnsafeBytes { raw in
            result = Result { () throws(M3U8Error) in
                let (inventory, summary) = try run(raw, authorization: addsToken ? URIBytes.authorizationItem(token: token) : nil,
                                                   flush: nil, records: true) { _, inventory in inventory }
                var found = inventory ?? M3U8Inventory()
                found.summary = summary
                return found
            }
        }
        return try result.get()
    }
}

/// Recording for ``M3U8Rewriter/inventory(_:)``: only when the engine's `inventory` is set.
extension RewriteEngine {
    /// Notes the URI just written at `out[mark...]` as a segment (or, in a master, a variant).
    mutating func recordURI(from mark: Int, variant: Bool) {
        guard inventory != nil else { return }
        let written = String(decoding: UnsafeRawBufferPointer(start: out.base + mark, count: out.count - mark), as: UTF8.self)
        if variant {
            inventory!.variants.append(.init(uri: written, bandwidth: pendingBandwidth))
            pendingBandwidth = nil
        } else {
            inventory!.segments.append(.init(uri: written, duration: pendingDuration))
            pendingDuration = 0
        }
    }

    /// Notes the first `#EXT-X-MAP` URI just written at `out[mark...]`.
    mutating func recordInit(from mark: Int) {
        guard inventory != nil, inventory!.initSegmentURI == nil else { return }
        inventory!.initSegmentURI = String(decoding: UnsafeRawBufferPointer(start: out.base + mark, count: out.count - mark), as: UTF8.self)
    }

    /// Notes what a tag line says about the media (bandwidth, encryption, byte ranges).
    mutating func recordTag(_ tag: Tag, _ start: Int, _ nameEnd: Int, _ end: Int) {
        guard inventory != nil else { return }
        switch tag {
        case .streamInf:
            pendingBandwidth = attribute("BANDWIDTH", nameEnd + 1, end).flatMap { Int($0) }
        case .key:
            let method = attribute("METHOD", nameEnd + 1, end) ?? "NONE"
            if method != "NONE" { inventory!.isEncrypted = true }
        case .other:
            let name = String(decoding: UnsafeBufferPointer(start: input + start, count: nameEnd - start), as: UTF8.self)
            if name == "#EXT-X-BYTERANGE" { inventory!.usesByteRanges = true }
            if name == "#EXT-X-DISCONTINUITY" { inventory!.hasDiscontinuity = true }
        default:
            break
        }
    }

    /// The value of attribute `name` in `input[start..<end]` (quotes removed), nil when absent.
    func attribute(_ name: String, _ start: Int, _ end: Int) -> String? {
        let text = String(decoding: UnsafeBufferPointer(start: input + start, count: end - start), as: UTF8.self)
        var rest = Substring(text)
        while !rest.isEmpty {
            let item: Substring
            if let quote = rest.firstIndex(of: "\""), let comma = rest.firstIndex(of: ","), quote < comma,
               let close = rest[rest.index(after: quote)...].firstIndex(of: "\"") {
                let after = rest.index(after: close)
                let next = rest[after...].firstIndex(of: ",") ?? rest.endIndex
                item = rest[..<next]
                rest = next == rest.endIndex ? "" : rest[rest.index(after: next)...]
            } else {
                let next = rest.firstIndex(of: ",") ?? rest.endIndex
                item = rest[..<next]
                rest = next == rest.endIndex ? "" : rest[rest.index(after: next)...]
            }
            guard let equals = item.firstIndex(of: "=") else { continue }
            if item[..<equals].trimmingCharacters(in: .whitespaces) == name {
                var value = item[item.index(after: equals)...].trimmingCharacters(in: .whitespaces)
                if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
                return value
            }
        }
        return nil
    }
}
