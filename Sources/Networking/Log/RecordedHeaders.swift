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
