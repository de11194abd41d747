/// The key reference page, `docs/keys.md`, generated from ``ActionTable`` like the `?` overlay
/// (``HelpText``) and Resources/keymap.conf, so the three never disagree. A test compares the
/// committed page with ``markdown(keyMap:)``; `make docs` writes it anew.
///
/// ```swift
/// let page = KeysReference.markdown()   // "# Keys\n…| `Up`, `k` | Select the previous event | `move-up` |…"
/// ```
public enum KeysReference {
    /// The whole page for `keyMap` (the defaults unless said otherwise).
    public static func markdown(keyMap: KeyMap = .defaults) -> String {
        var out = [
            "# Keys",
            "",
            "<!-- Generated from the action table (Sources/TUI/Keys/ActionTable.swift) by KeysReference;",
            "     `make docs` writes this page anew and `make test` checks it. Do not edit by hand. -->",
            "",
            "The same table drives the `?` help overlay, the status bar's hints and the default",
            "bindings in `Resources/keymap.conf`. Every key can be bound again in",
            "`~/.config/eventplayer/keymap.conf` with `bind <context> <key> <action id>` (see",
            "[tui.md](tui.md#custom-keys-configeventplayerkeymapconf)).",
        ]
        for context in KeyContext.helpOrder {
            let rows: [String] = ActionTable.all.filter { $0.contexts.contains(context) }.compactMap { spec in
                let keys = keyMap.keys(for: spec.id, in: context)
                guard !keys.isEmpty else { return nil }
                let names = keys.map { "`\(cell($0.name))`" }.joined(separator: ", ")
                return "| \(names) | \(cell(spec.help)) | `\(spec.id)` |"
            }
            guard !rows.isEmpty else { continue }
            out += ["", "## \(context.title) (`\(context.rawValue)`)", "", "| Keys | What it does | Action id |", "|---|---|---|"]
            out += rows
            if context.isTextEntry { out.append("| (typing) | Edits the field | |") }
        }
        out += ["", "## Mouse", "",
                "Click the slider to seek; click a row to select it, again to play; the wheel scrolls.", ""]
        return out.joined(separator: "\n")
    }

    /// Text safe inside a Markdown table cell.
    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }
}
