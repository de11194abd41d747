/// How a filter fails a request.
///
/// ```swift
/// throw FilterError("no token for bucket 365-days", isFatal: true)   // not retried
/// throw FilterError("token service busy")                            // goes to the retry policy
/// ```
public struct FilterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, for the user. Do not put secrets here; it is logged (redacted anyway).
    public var message: String
    /// A fatal error is never retried: it fails the request at once.
    public var isFatal: Bool

    public init(_ message: String, isFatal: Bool = false) {
        self.message = message
        self.isFatal = isFatal
    }

    /// A response the filter cannot use (wrong type, unparsable): fatal, never retried.
    public static func notUnderstood(_ message: String) -> FilterError {
        FilterError("response not understood: \(message)", isFatal: true)
    }

    public var description: String { message }
}
