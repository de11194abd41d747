/// Ordered HTTP header fields with case-insensitive lookup.
///
/// ```swift
/// var headers: HTTPHeaderFields = [("Accept", "application/json")]
/// headers["authorization"] = "Bearer abc"
/// ```
public struct HTTPHeaderFields: Sendable, Equatable, ExpressibleByArrayLiteral, Sequence {
    /// The fields in order.
    public private(set) var fields: [(name: String, value: String)]

    public init(_ fields: [(String, String)] = []) {
        self.fields = fields.map { (name: $0.0, value: $0.1) }
    }

    public init(arrayLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The first value for `name`; setting replaces every field of that name (nil removes them).
    public subscript(name: String) -> String? {
        get { fields.first { $0.name.lowercased() == name.lowercased() }?.value }
        set {
            fields.removeAll { $0.name.lowercased() == name.lowercased() }
            if let newValue { fields.append((name: name, value: newValue)) }
        }
    }

    /// Adds a field, keeping any of the same name.
    public mutating func add(name: String, value: String) {
        fields.append((name: name, value: value))
    }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    public static func == (lhs: HTTPHeaderFields, rhs: HTTPHeaderFields) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }
}
