import Testing
@testable import TUI

/// Narrow terminals (40 to 60 columns): what must stay readable.
@Suite struct NarrowScreenTests {
    @Test func thePlayerTitleKeepsRoomForTheTitleOnNarrowScreens() {
        let screen = Fixtures.player(.playing)
        for columns in [40, 41, 50, 60] {
            let line = OffscreenRenderer.render(screen, columns: columns, rows: 14).split(separator: "\n").first { $0.hasPrefix("─ Player") } ?? ""
            #expect(line.contains("Player: Backyard · Mot"), "\(columns): \(line)")
        }
        let wide = OffscreenRenderer.render(screen, columns: 80, rows: 24)
        #expect(wide.contains("─ Player: Backyard · Motion detected 2 ──") && wide.contains("─ Today 14:02 · 180-days ─"))
    }
}
