/// A keymap.conf line that was not applied (the previous binding is kept).
///
/// ```swift
/// print(problem)   // "keymap.conf:7: unknown action 'jump'; see the help (?) for action names"
/// ```
public struct KeyMapDiagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    /// File name or path shown to the user.
    public var source: String
    /// 1-based line number; 0 for the whole file (it cannot be read).
    public var line: Int
    public var message: String

    public init(source: String, line: Int, message: String) {
        self.source = source
        self.line = line
        self.message = message
    }

    public var description: String { line > 0 ? "\(source):\(line): \(message)" : "\(source): \(message)" }
}
