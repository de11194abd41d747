/// The `?` overlay's lines, generated from ``ActionTable`` and the current ``KeyMap``.
///
/// ```swift
/// for line in HelpText.lines(keyMap: .defaults) { print(line) }
/// // "Event list"
/// // "  Up, k          Select the previous event      move-up"
/// ```
public enum HelpText {
    /// Group headings followed by one line per action: keys, help text, and (when `width` allows) the keymap id.
    public static func lines(keyMap: KeyMap, width: Int = 96) -> [String] {
        var out: [String] = []
        let keysWidth = 16
        // With the ids, the help column is as wide as the longest help and a two-cell gap (a help
        // text that filled a fixed column ran into its id: "…timeline: cursor)jump-to-date").
        let idsHelpWidth = (ActionTable.all.map { DisplayWidth.of($0.help) }.max() ?? 0) + 2
        let showIDs = width >= keysWidth + 2 + idsHelpWidth + 20
        let helpWidth = showIDs ? idsHelpWidth : max(10, width - keysWidth - 2)
        for context in KeyContext.helpOrder {
            let specs = ActionTable.all.filter { $0.contexts.contains(context) }
            let rows: [(String, ActionSpec)] = specs.compactMap { spec in
                let keys = keyMap.keys(for: spec.id, in: context)
                return keys.isEmpty ? nil : (keys.map(\.name).joined(separator: ", "), spec)
            }
            if rows.isEmpty { continue }
            if !out.isEmpty { out.append("") }
            out.append(context.title)
            for (keys, spec) in rows {
                let help = showIDs ? DisplayWidth.pad(spec.help, to: helpWidth) + spec.id : DisplayWidth.truncate(spec.help, to: helpWidth)
                out.append("  " + DisplayWidth.pad(keys, to: keysWidth) + help)
            }
            if context.isTextEntry { out.append("  " + DisplayWidth.pad("(typing)", to: keysWidth) + "Edits the field") }
        }
        out.append("")
        out.append("Mouse")
        out.append("  Click the slider to seek; click a row to select it, again to play; the wheel scrolls.")
        out.append("")
        out.append("Your bindings")
        out.append("  ~/.config/eventplayer/keymap.conf: bind <context> <key> <action>")
        return out
    }
}
