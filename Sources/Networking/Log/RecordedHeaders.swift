import SystemSupport

/// Which response headers a ``RequestRecord`` keeps (values are redacted).
/// By default: `Content-Type`, `Content-Length`, `Cache-Control`, `Age`, `X-Cache`, `Server`,
/// `Via` and every `X-*` header.
///
/// ```swift
/// var configuration = NetworkConfiguration()
/// configuration.recordedHeaders = RecordedHeaders(names: ["Content-Type", "ETag"], allXHeaders: false)
/// ```
public struct RecordedHeaders: Sendable, Equatable {
    /// Header names kept (compared case-insensitively).
    public var names: [String]
    /// Keep every header whose name starts with `X-` too.
    public var allXHeaders: Bool
    /// Keep every header whose name starts with one of these too (lower case; `""` keeps all),
    /// from patterns such as `CF-*` (``init(patterns:)``).
    public var prefixes: [String] = []

    public init(names: [String] = ["Content-Type", "Content-Length", "Cache-Control", "Age", "X-Cache", "Server", "Via"],
                allXHeaders: Bool = true) {
        self.names = names
        self.allXHeaders = allXHeaders
    }

    /// Records no header.
    public static let none = RecordedHeaders(names: [], allXHeaders: false)

    /// The fields of `headers` to keep, in their order, with secrets redacted.
    public func select(_ headers: HTTPHeaderFields) -> HTTPHeaderFields {
        let wanted = Set(names.map { $0.lowercased() })
        let kept = headers.filter { field in
            let name = field.name.lowercased()
            return wanted.contains(name) || (allXHeaders && name.hasPrefix("x-")) || prefixes.contains { name.hasPrefix($0) }
        }
        return Redactor.shared.redact(HTTPHeaderFields(kept.map { ($0.name, $0.value) }))
    }
}

// MARK: - Patterns from the config file

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
