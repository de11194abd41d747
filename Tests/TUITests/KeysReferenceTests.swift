import Foundation
import Testing
@testable import TUI

/// docs/keys.md is generated from the action table: the committed page is what the table says.
/// `make docs` (EVENTPLAYER_WRITE_DOCS=1) writes it anew instead of comparing.
@Suite struct KeysReferenceTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../docs/keys.md").standardized

    @Test func theCommittedKeysPageIsTheActionTable() throws {
        let generated = KeysReference.markdown()
        if ProcessInfo.processInfo.environment["EVENTPLAYER_WRITE_DOCS"] == "1" {
            try generated.write(to: Self.page, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: Self.page, encoding: .utf8)
        #expect(committed == generated, "docs/keys.md is out of date: run `make docs`")
    }

    @Test func everyActionAndDefaultKeyIsOnThePage() {
        let page = KeysReference.markdown()
        for spec in ActionTable.all {
            #expect(page.contains("`\(spec.id)`"), "\(spec.id)")
            for key in spec.defaultKeys { #expect(page.contains("`\(key.name)`"), "\(key.name)") }
        }
    }
}
