/// The status bar's right-hand key hints for a context, generated from the table and the key map.
///
/// ```swift
/// KeyHints.text(for: .player, keyMap: .defaults)  // "Space pause  ←/→ 5s  m mute  s stop  Tab focus  ? help  q quit"
/// ```
public enum KeyHints {
    public static func items(for context: KeyContext, keyMap: KeyMap) -> [String] {
        var items: [String] = []
        var seenHints: [String: Int] = [:]
        let contexts: [KeyContext] = context.isTextEntry ? [context] : [context, .global]
        for ctx in contexts {
            // The timeline and the montage have no list and player to switch between (no Tab focus);
            // the timeline shows its own keys only (its bar also names the cursor's event), the
            // montage all of its keys in table order.
            let fullScreen = context == .timeline || context == .montage
            let specs = ActionTable.all.filter { $0.contexts.contains(ctx) && !(fullScreen && $0.id == "toggle-focus") }
            let ordered = ctx.isTextEntry ? specs
                : context == .timeline ? specs.filter { $0.group == ctx }
                : context == .montage && ctx == .montage ? specs
                : specs.filter { $0.group == ctx } + specs.filter { $0.group != ctx }
            for spec in ordered {
                guard let hint = spec.hint, let key = keyMap.keys(for: spec.id, in: ctx).first else { continue }
                if let index = seenHints[hint] {   // pairs like ←/→ 5s
                    items[index] = items[index].replacingOccurrences(of: " \(hint)", with: "/\(key.symbol) \(hint)")
                    continue
                }
                seenHints[hint] = items.count
                items.append("\(key.symbol) \(hint)")
            }
        }
        return items
    }

    public static func text(for context: KeyContext, keyMap: KeyMap) -> String {
        items(for: context, keyMap: keyMap).joined(separator: "  ")
    }
}
