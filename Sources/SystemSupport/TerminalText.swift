/// Text from the network made safe for a terminal: control characters (C0 including ESC, BEL, CR
/// and LF; DEL; C1 including CSI 0x9B) and bidirectional overrides and isolates would let a camera
/// name or an error message move the cursor, set the window title, clear the screen or reorder
/// what is shown. The TUI's canvas skips them (width 0); lines printed by the command line show
/// them escaped as `\u{1B}`, visible and harmless.
///
/// ```swift
/// TerminalText.printable("Garage\u{1B}]0;pwned\u{07}")   // "Garage\\u{1B}]0;pwned\\u{7}"
/// TerminalText.isControl("\u{9B}")                        // true
/// ```
public enum TerminalText {
    /// True for a character a terminal would act on instead of showing: C0, DEL, C1, and the
    /// bidirectional marks, embeddings, overrides and isolates.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `text` with every ``isControl(_:)`` character written as `\u{XX}`, on one line (a line
    /// break is shown as `\u{A}`). Text without them is returned as is.
    public static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// `text` in double quotes, ``printable(_:)``, cut after `limit` characters with "…": for a
    /// server's token or cursor quoted inside one of our messages.
    ///
    /// ```swift
    /// TerminalText.quoted("abc\u{7}", limit: 40)   // "\"abc\\u{7}\""
    /// ```
    public static func quoted(_ text: String, limit: Int) -> String {
        let shown = printable(text)
        return shown.count > limit ? "\"\(shown.prefix(limit))…\"" : "\"\(shown)\""
    }

    /// An encoder's JSON text with every ``isControl(_:)`` character written as a `\uXXXX`
    /// escape: the same JSON value, and nothing a terminal acts on (encoders escape C0 in strings
    /// but leave DEL, C1 and the bidirectional controls raw). Tab, line feed and carriage return
    /// are kept: outside strings they are the whitespace of pretty printing, inside strings an
    /// encoder has escaped them already.
    public static func jsonEscaped(_ json: String) -> String {
        func escapes(_ scalar: Unicode.Scalar) -> Bool { isControl(scalar) && !["\t", "\n", "\r"].contains(scalar) }
        guard json.unicodeScalars.contains(where: escapes) else { return json }
        var out = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if escapes(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
