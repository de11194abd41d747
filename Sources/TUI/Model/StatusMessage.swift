/// A line for the bottom message row. Transient messages time out (the App removes them
/// at their deadline); errors stay until dismissed (Esc).
///
/// ```swift
/// let note = StatusMessage("Refreshing access…")
/// let failure = StatusMessage("Server unreachable", isError: true)
/// ```
public struct StatusMessage: Hashable, Sendable {
    public var text: String
    public var isError: Bool

    public init(_ text: String, isError: Bool = false) {
        self.text = text
        self.isError = isError
    }
}
