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
            inventory!.variants.append(.init(uri: written, bandwidth: pendingBandwidth, audioGroup: pendingAudioGroup,
                                             resolution: pendingResolution))
            pendingBandwidth = nil
            pendingAudioGroup = nil
            pendingResolution = nil
        } else {
            let sequence = mediaSequence &+ inventory!.segments.count
            inventory!.segments.append(.init(uri: written, duration: pendingDuration, byteRange: pendingByteRange,
                                             key: currentKey, sequence: sequence))
            pendingDuration = 0
            pendingByteRange = nil
        }
    }

    /// Notes the first `#EXT-X-MAP` URI just written at `out[mark...]`.
    mutating func recordInit(from mark: Int) {
        guard inventory != nil, inventory!.initSegmentURI == nil else { return }
        inventory!.initSegmentURI = String(decoding: UnsafeRawBufferPointer(start: out.base + mark, count: out.count - mark), as: UTF8.self)
    }

    /// Notes what a tag line says about the media (bandwidth, audio group, byte ranges, sequence).
    mutating func recordTag(_ tag: Tag, _ start: Int, _ nameEnd: Int, _ end: Int) {
        guard inventory != nil else { return }
        switch tag {
        case .streamInf:
            pendingBandwidth = attribute("BANDWIDTH", nameEnd + 1, end).flatMap { Int($0) }
            pendingAudioGroup = attribute("AUDIO", nameEnd + 1, end)
            pendingResolution = attribute("RESOLUTION", nameEnd + 1, end).flatMap(M3U8Inventory.Resolution.init(text:))
        case .map:
            if inventory!.initSegmentURI == nil {
                inventory!.initSegmentByteRange = attribute("BYTERANGE", nameEnd + 1, end).flatMap { byteRange($0[...]) }
            }
        case .other:
            let name = String(decoding: UnsafeBufferPointer(start: input + start, count: nameEnd - start), as: UTF8.self)
            let value = nameEnd < end
                ? String(decoding: UnsafeBufferPointer(start: input + nameEnd + 1, count: end - nameEnd - 1), as: UTF8.self) : ""
            switch name {
            case "#EXT-X-BYTERANGE":
                inventory!.usesByteRanges = true
                pendingByteRange = byteRange(value[...])
            case "#EXT-X-DISCONTINUITY":
                inventory!.hasDiscontinuity = true
            case "#EXT-X-MEDIA-SEQUENCE":
                mediaSequence = Int(value.trimmingCharacters(in: .whitespaces)).flatMap { $0 >= 0 ? $0 : nil } ?? 0
            default:
                break
            }
        default:
            break
        }
    }

    /// Notes what an attribute-list tag says once its URI was written at `out[mark...]` (the line):
    /// the key in force (`#EXT-X-KEY`) and the renditions of a master (`#EXT-X-MEDIA`).
    mutating func recordWrittenTag(_ tag: Tag, from mark: Int) {
        guard inventory != nil, tag == .key || tag == .media else { return }
        let line = String(decoding: UnsafeRawBufferPointer(start: out.base + mark, count: out.count - mark), as: UTF8.self)
        guard let colon = line.firstIndex(of: ":") else { return }
        let values = line[line.index(after: colon)...].trimmingCharacters(in: .newlines)[...]
        if tag == .media {
            inventory!.renditions.append(.init(type: Self.attribute("TYPE", in: values) ?? "", groupID: Self.attribute("GROUP-ID", in: values),
                                               name: Self.attribute("NAME", in: values),
                                               isDefault: Self.attribute("DEFAULT", in: values) == "YES", uri: Self.attribute("URI", in: values)))
            return
        }
        let method = Self.attribute("METHOD", in: values) ?? "NONE"
        guard method != "NONE" else { currentKey = nil; return }
        inventory!.isEncrypted = true
        currentKey = .init(method: method, uri: Self.attribute("URI", in: values), iv: Self.attribute("IV", in: values).flatMap(Self.iv))
    }

    /// `<length>[@<offset>]`; without an offset, the range follows the previous one.
    mutating func byteRange(_ text: Substring) -> M3U8Inventory.ByteRange? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "@", maxSplits: 1)
        guard let first = parts.first, let length = Int(first), length > 0 else { return nil }
        let offset = parts.count == 2 ? Int(parts[1]) : nextRangeOffset
        // Hostile numbers: a range whose end does not fit in an Int is no range.
        guard let offset, offset >= 0, case (let end, false) = offset.addingReportingOverflow(length) else { return nil }
        nextRangeOffset = end
        return .init(length: length, offset: offset)
    }

    /// `0x` + 32 hex digits: the 16 bytes of an IV; nil for anything else.
    static func iv(_ text: String) -> [UInt8]? {
        guard text.hasPrefix("0x") || text.hasPrefix("0X") else { return nil }
        let hex = Array(text.dropFirst(2).utf8)
        guard hex.count == 32 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: 32, by: 2) {
            guard let byte = UInt8(String(decoding: hex[index...index + 1], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }

    /// The value of attribute `name` in `input[start..<end]` (quotes removed), nil when absent.
    func attribute(_ name: String, _ start: Int, _ end: Int) -> String? {
        let text = String(decoding: UnsafeBufferPointer(start: input + start, count: end - start), as: UTF8.self)
        return Self.attribute(name, in: text[...])
    }

    /// The value of attribute `name` in an attribute list (quotes removed), nil when absent.
    static func attribute(_ name: String, in text: Substring) -> String? {
        var rest = text
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
