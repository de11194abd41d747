/// The `?` overlay's lines, generated from ``ActionTable`` and the current ``KeyMap``.
///
/// ```swift
/// for line in HelpText.lines(keyMap: .defaults) { print(line) }
/// // "Event list"
/// // "  Up, k          Select the previous event      move-up"
/// ```
public enum HelpText {
    /// Group headings followed by one line per action: keys, help text, keymap id.
    public static func lines(keyMap: KeyMap) -> [String] {
        var out: [String] = []
        let order: [KeyContext] = [.list, .player, .global, .form, .filter]
        for context in order {
            let specs = ActionTable.all.filter { $0.contexts.contains(context) }
            let rows: [(String, ActionSpec)] = specs.compactMap { spec in
                let keys = keyMap.keys(for: spec.id, in: context)
                return keys.isEmpty ? nil : (keys.map(\.name).joined(separator: ", "), spec)
            }
            if rows.isEmpty { continue }
            if !out.isEmpty { out.append("") }
            out.append(context.title)
            for (keys, spec) in rows {
                out.append("  " + DisplayWidth.pad(keys, to: 16) + DisplayWidth.pad(spec.help, to: 56) + spec.id)
            }
            if context.isTextEntry { out.append("  " + DisplayWidth.pad("(typing)", to: 16) + "Edits the field") }
        }
        out.append("")
        out.append("Mouse: click the slider to seek, click a row to select it (again to play), wheel scrolls.")
        out.append("Your bindings: ~/.config/eventplayer/keymap.conf (bind <context> <key> <action>).")
        return out
    }
}
