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
