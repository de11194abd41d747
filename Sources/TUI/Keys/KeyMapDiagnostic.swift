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

// MARK: - Summary

extension KeyMapDiagnostic {
    /// Every problem of one keymap.conf in one line with a count, for the message line; nil when there
    /// is none. It may be long: the bottom line cuts it and the request log (`d`) shows it whole.
    ///
    /// ```swift
    /// let (map, problems) = KeyMap.load(userFile: KeyMap.defaultUserFile())
    /// state.error = KeyMapDiagnostic.summary(problems)
    /// // "keymap.conf: 2 bad lines skipped (line 2: not valid UTF-8; save the file as UTF-8 · line 5: unknown key 'X-Y'; …)"
    /// // "keymap.conf: 1 conflict (line 7: binds list j to refresh, line 3 bound it to page-down; line 7 wins)"
    /// ```
    public static func summary(_ problems: [KeyMapDiagnostic]) -> String? {
        guard let first = problems.first else { return nil }
        let file = first.source.split(separator: "/").last.map(String.init) ?? first.source
        if first.line == 0 { return "\(file): \(first.message)" }
        func group(_ kind: Kind, _ one: String, _ many: String) -> String? {
            let some = problems.filter { $0.kind == kind }
            guard !some.isEmpty else { return nil }
            return (some.count == 1 ? one : "\(some.count) \(many)")
                + " (" + some.map { "line \($0.line): \($0.message)" }.joined(separator: " · ") + ")"
        }
        let groups = [group(.skipped, "1 bad line skipped", "bad lines skipped"), group(.note, "1 conflict", "conflicts")]
        return "\(file): " + groups.compactMap { $0 }.joined(separator: "; ")
    }
}
