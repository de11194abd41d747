import SystemSupport

/// Terminal cell widths of text (East Asian wide and emoji: 2, combining marks: 0), locale independent.
///
/// ```swift
/// DisplayWidth.of("日本")                       // 4
/// DisplayWidth.truncate("Front Door camera", to: 8) // "Front D…"
/// ```
public enum DisplayWidth {
    public static func of(_ character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        return width(scalar)
    }

    public static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    static func width(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if TerminalText.isControl(scalar) { return 0 }   // never drawn: the canvas skips width 0
        if v < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
            || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
            || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1F64F).contains(v) || (0x1F900...0x1F9FF).contains(v)
            || (0x20000...0x3FFFD).contains(v) {
            return 2
        }
        return 1
    }

    /// Cuts `text` to at most `width` cells, ending with "…" when cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        var out = ""
        var used = 0
        for c in text {
            let w = of(c)
            if used + w > width - 1 { break }
            out.append(c)
            used += w
        }
        return out + "…"
    }

    /// Truncates, then pads with spaces to exactly `width` cells.
    public static func pad(_ text: String, to width: Int) -> String {
        let cut = truncate(text, to: width)
        return cut + String(repeating: " ", count: max(0, width - of(cut)))
    }

    /// Truncates, then pads on the left to exactly `width` cells.
    public static func padLeft(_ text: String, to width: Int) -> String {
        let cut = truncate(text, to: width)
        return String(repeating: " ", count: max(0, width - of(cut))) + cut
    }
}
