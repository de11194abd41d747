/// Bindings of the user's keymap.conf that fight each other, as notes (the file still applies, the
/// later line wins). Rebinding a default key is the point of the file and is not a conflict; two
/// lines of the file binding the same key in the same context to different actions are, and so is
/// a `global` binding of the file that a list or player binding hides (a context's own binding
/// wins, so the global one never fires there).
///
/// ```swift
/// var conflicts = KeyMapConflicts()
/// conflicts.record(.bind(.list, .char("j"), "page-down"), line: 3)   // nil
/// conflicts.record(.bind(.list, .char("j"), "refresh"), line: 7)
/// // "binds list j to refresh, line 3 bound it to page-down; line 7 wins"
/// ```
struct KeyMapConflicts {
    private struct Binding {
        let line: Int
        let action: String
    }

    /// The file's latest binding of each (context, key); an `unbind` line clears it.
    private var bound: [KeyContext: [Key: Binding]] = [:]

    /// Notes that `directive`, on `line`, replaces a different binding an earlier line of the file made.
    mutating func record(_ directive: KeyMapDirective, line: Int) -> String? {
        switch directive {
        case .bind(let context, let key, let id):
            defer { bound[context, default: [:]][key] = Binding(line: line, action: id) }
            guard let earlier = bound[context]?[key], earlier.action != id else { return nil }
            return "binds \(context.rawValue) \(key.name) to \(id), line \(earlier.line) bound it to \(earlier.action); line \(line) wins"
        case .unbind(let context, let key):
            bound[context]?[key] = nil
            return nil
        }
    }

    /// The file's `global` bindings that `map` (the file applied) hides in the list or the player,
    /// with the line that made each.
    func shadowedGlobals(in map: KeyMap) -> [(line: Int, note: String)] {
        (bound[.global] ?? [:]).sorted { $0.value.line < $1.value.line }.compactMap { key, binding in
            guard map.binding(for: key, in: .global)?.id == binding.action else { return nil }
            let hidden = [KeyContext.list, .player].compactMap { context in
                map.binding(for: key, in: context).flatMap { $0.id == binding.action ? nil : (context, $0.id) }
            }
            guard !hidden.isEmpty else { return nil }
            let by = hidden.map { "in \($0.0.rawValue) by \($0.1)" }.joined(separator: " and ")
            let fix = hidden.map { "`unbind \($0.0.rawValue) \(key.name)`" }.joined(separator: ", ")
            return (binding.line, "global \(key.name) (\(binding.action)) is hidden \(by): a context's own binding wins; "
                        + "\(fix) lets it through")
        }
    }
}
