/// A keymap.conf line that was not applied (the previous binding is kept), or a note about one that
/// was applied but fights another binding (which line wins).
///
/// ```swift
/// print(problem)   // "keymap.conf:7: unknown action 'jump'; see the help (?) for action names"
/// print(note)      // "keymap.conf:7: binds list j to refresh, line 3 bound it to page-down; line 7 wins"
/// ```
public struct KeyMapDiagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    /// Whether the line was skipped or applied with a note.
    public enum Kind: Hashable, Sendable {
        /// The line was not applied: it cannot be read (or, line 0, the file cannot be).
        case skipped
        /// The line was applied; it conflicts with another binding (which wins is said).
        case note
    }

    /// File name or path shown to the user.
    public var source: String
    /// 1-based line number; 0 for the whole file (it cannot be read).
    public var line: Int
    public var message: String
    public var kind: Kind

    public init(source: String, line: Int, message: String, kind: Kind = .skipped) {
        self.source = source
        self.line = line
        self.message = message
        self.kind = kind
    }

    public var description: String { line > 0 ? "\(source):\(line): \(message)" : "\(source): \(message)" }
}
