/// A key as the key map names it: a printable character, a Ctrl combination, a named key, or any
/// of those with Alt (terminals send Alt as an ESC before the key, or as xterm's `CSI 1;3`).
///
/// ```swift
/// Key(name: "PgDn")     // .special(.pageDown)
/// Key(name: "Ctrl-C")   // .ctrl("c")
/// Key(name: "k")        // .char("k")
/// Key(name: "Alt-Left") // .alt(.special(.left))
/// ```
public indirect enum Key: Hashable, Sendable {
    case char(Character)
    /// Ctrl plus a lowercase letter.
    case ctrl(Character)
    case special(SpecialKey)
    /// Alt (Meta) plus a key.
    case alt(Key)

    /// Named keys of the keymap syntax.
    public enum SpecialKey: String, Hashable, Sendable, CaseIterable {
        case up = "Up", down = "Down", left = "Left", right = "Right"
        case pageUp = "PgUp", pageDown = "PgDn", home = "Home", end = "End"
        case enter = "Enter", tab = "Tab", backTab = "BackTab", escape = "Esc", space = "Space"
        case backspace = "Backspace", delete = "Delete", insert = "Insert"
        case f1 = "F1", f2 = "F2", f3 = "F3", f4 = "F4", f5 = "F5", f6 = "F6"
        case f7 = "F7", f8 = "F8", f9 = "F9", f10 = "F10", f11 = "F11", f12 = "F12"
    }

    /// Parses a key name of the keymap syntax; nil when unknown.
    public init?(name: String) {
        for prefix in ["Alt-", "M-"] where name.count > prefix.count && name.lowercased().hasPrefix(prefix.lowercased()) {
            guard let key = Key(name: String(name.dropFirst(prefix.count))) else { return nil }
            if case .alt = key { return nil }
            self = .alt(key)
            return
        }
        if let special = SpecialKey.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) {
            self = .special(special)
            return
        }
        for prefix in ["Ctrl-", "C-", "^"] where name.count == prefix.count + 1 && name.lowercased().hasPrefix(prefix.lowercased()) {
            guard let letter = name.last?.lowercased().first, letter.isLetter, letter.isASCII else { return nil }
            self = .ctrl(letter)
            return
        }
        guard name.count == 1, let c = name.first, !c.isWhitespace else { return nil }
        self = c == " " ? .special(.space) : .char(c)
    }

    /// The name in keymap syntax, e.g. "PgDn", "Ctrl-C", "k".
    public var name: String {
        switch self {
        case .char(let c): String(c)
        case .ctrl(let c): "Ctrl-" + c.uppercased()
        case .special(let s): s.rawValue
        case .alt(let key): "Alt-" + key.name
        }
    }

    /// A short form for the status-bar hints, e.g. "←" for Left.
    public var symbol: String {
        switch self {
        case .special(.up): "↑"
        case .special(.down): "↓"
        case .special(.left): "←"
        case .special(.right): "→"
        case .ctrl(let c): "^" + c.uppercased()
        case .alt(let key): "M-" + key.symbol
        default: name
        }
    }

    /// A printable character that text fields insert.
    var insertableText: String? {
        switch self {
        case .char(let c): String(c)
        case .special(.space): " "
        default: nil
        }
    }
}
