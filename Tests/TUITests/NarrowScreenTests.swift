import Foundation
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

    @Test func aLongFilterPromptKeepsItsEndAndDropsTheHint() {
        var screen = Fixtures.list
        screen.list.isEditingFilter = true
        screen.route = .context(.filter)
        for (text, columns) in [("driveway", 80), ("person at the front door with a parcel and a dog", 60), (String(repeating: "x", count: 100), 80)] {
            screen.list.filterText = text
            let bottom = String(OffscreenRenderer.render(screen, columns: columns, rows: 24).split(separator: "\n", omittingEmptySubsequences: false)[23])
            #expect(bottom.trimmingCharacters(in: .whitespaces).hasSuffix(text.suffix(10) + "█") || bottom.hasSuffix("Enter filter · Tab search the server · Esc cancel"), "\(bottom)")
            #expect(bottom.contains(text.suffix(10) + "█"), "\(bottom)")
            #expect(DisplayWidth.of(bottom) <= columns)
        }
    }

    /// A long count (a server search's) is cut before it reaches the program's name and the badge.
    @Test func aLongCountNeverRunsOverTheNameAndTheBadge() {
        var screen = Fixtures.list
        screen.header.isDemo = true
        screen.header.countsText = "search “cardboard”: 1 found in 749 events (older ones not searched)"
        for columns in [40, 60, 80] {
            let top = String(OffscreenRenderer.render(screen, columns: columns, rows: 24).split(separator: "\n")[0])
            #expect(top.hasPrefix(" eventplayer   demo "), "\(columns): \(top)")
            #expect(DisplayWidth.of(top) <= columns)
        }
    }
}
