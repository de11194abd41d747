import Foundation
import SystemSupport
import Testing

/// Server text made harmless for a terminal (one definition for the TUI's canvas and the CLI).
@Suite("Terminal-safe text")
struct TerminalTextTests {
    static let hostile = "Garage\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m\u{7F}\u{202E}gnp.exe\r\nnext"

    @Test func printableLeavesNoByteATerminalActsOn() {
        let shown = TerminalText.printable(Self.hostile)
        #expect(!shown.unicodeScalars.contains(where: TerminalText.isControl))
        #expect(shown == #"Garage\u{1B}]0;pwned\u{7}\u{1B}[2J\u{9B}31m\u{7F}\u{202E}gnp.exe\u{D}\u{A}next"#)
        #expect(TerminalText.printable("Front Door 日本 ✓") == "Front Door 日本 ✓")
    }

    @Test func jsonStaysTheSameValueWithoutRawControls() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let json = String(decoding: try encoder.encode(["title": Self.hostile]), as: UTF8.self)
        let escaped = TerminalText.jsonEscaped(json)
        #expect(!escaped.unicodeScalars.contains { TerminalText.isControl($0) && $0 != "\n" })
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(escaped.utf8))
        #expect(decoded["title"] == Self.hostile)
    }
}
