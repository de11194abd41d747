/// Recorded headers from a list the user wrote (the config file's `[network] recorded-headers`):
/// a header name keeps that header, a name ending in `*` keeps every header starting with it
/// (`CF-*`, `X-*`; `*` alone keeps all). The list replaces the defaults; an empty list records none.
///
/// ```swift
/// let recorded = try RecordedHeaders(patterns: ["Content-Type", "X-Cache", "CF-*"])
/// recorded.select(headers)    // Content-Type, X-Cache, CF-Ray, CF-Cache-Status
/// ```
extension RecordedHeaders {
    public init(patterns: [String]) throws(RecordedHeadersError) {
        self.init(names: [], allXHeaders: false)
        for pattern in patterns {
            let isPrefix = pattern.hasSuffix("*")
            let name = isPrefix ? String(pattern.dropLast()) : pattern
            guard (isPrefix || !name.isEmpty), name.unicodeScalars.allSatisfy(Self.isTokenCharacter) else {
                throw RecordedHeadersError(pattern: pattern)
            }
            if isPrefix { prefixes.append(name.lowercased()) } else { names.append(name) }
        }
    }

    /// RFC 9110 `tchar`: what a header name is made of.
    static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": true
        case "!", "#", "$", "%", "&", "'", "+", "-", ".", "^", "_", "`", "|", "~": true
        default: false
        }
    }
}

/// A recorded-headers pattern that is not a header name (or a name followed by `*`).
public struct RecordedHeadersError: Error, Sendable, Equatable, CustomStringConvertible {
    public let pattern: String

    public var description: String {
        "`\(pattern)` is not a header name (letters, digits and !#$%&'+-.^_`|~, optionally ending in * to match a prefix)"
    }
}
