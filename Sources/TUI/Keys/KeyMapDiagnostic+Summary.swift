extension KeyMapDiagnostic {
    /// Every problem of one keymap.conf in one line with a count, for the message line; nil when there
    /// is none. It may be long: the bottom line cuts it and the request log (`d`) shows it whole.
    ///
    /// ```swift
    /// let (map, problems) = KeyMap.load(userFile: KeyMap.defaultUserFile())
    /// state.error = KeyMapDiagnostic.summary(problems)
    /// // "keymap.conf: 2 bad lines skipped (line 2: not valid UTF-8; save the file as UTF-8 · line 5: unknown key 'X-Y'; …)"
    /// ```
    public static func summary(_ problems: [KeyMapDiagnostic]) -> String? {
        guard let first = problems.first else { return nil }
        let file = first.source.split(separator: "/").last.map(String.init) ?? first.source
        if first.line == 0 { return "\(file): \(first.message)" }
        let count = problems.count == 1 ? "1 bad line skipped" : "\(problems.count) bad lines skipped"
        return "\(file): \(count) (" + problems.map { "line \($0.line): \($0.message)" }.joined(separator: " · ") + ")"
    }
}
