/// How many colours the video pane may use: 24-bit, the xterm 256 palette, the 8 ANSI colours,
/// or none (glyph patterns only).
///
/// ```swift
/// let depth = ColorDepth.detect(environment: ProcessInfo.processInfo.environment)
/// ```
public enum ColorDepth: String, Sendable, Hashable, CaseIterable {
    case truecolor, palette256, palette8, monochrome

    /// From the environment: `NO_COLOR` (non-empty) gives monochrome, `COLORTERM=truecolor|24bit`
    /// 24-bit; otherwise `terminalColors` (ncurses' `COLORS`, when known) or `TERM`
    /// (`*-256color`) decide between 256, 8 and none.
    public static func detect(environment: [String: String], terminalColors: Int? = nil) -> ColorDepth {
        if !(environment["NO_COLOR"] ?? "").isEmpty { return .monochrome }
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .truecolor }
        let term = environment["TERM"] ?? ""
        let colors = terminalColors ?? (term.contains("256color") ? 256 : term.isEmpty || term == "dumb" ? 0 : 8)
        if colors >= 256 { return .palette256 }
        return colors >= 8 ? .palette8 : .monochrome
    }
}
