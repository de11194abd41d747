import Foundation
import Testing
import PlaybackStates
@testable import TUI

/// Whole screens rendered off-screen, compared with Tests/TUITests/Golden/<name>-<cols>x<rows>.txt.
/// Re-record with `RECORD_GOLDEN=1 swift test --filter GoldenScreenTests`.
@Suite struct GoldenScreenTests {
    static let scenarios: [(String, ScreenSnapshot)] = [
        ("list", Fixtures.list),
        ("list-empty", Fixtures.empty),
        ("playing", Fixtures.player(.playing, rate: "↓ 2.4 MB/s")),
        ("paused", Fixtures.player(.paused, muted: true)),
        ("stalled-40", Fixtures.player(.playing, load: .stalled(bufferingPercent: 40), position: 6)),
        ("error", Fixtures.errorScreen),
        ("help", Fixtures.help),
        ("request-log", Fixtures.requestLog),
        ("sign-in-error", Fixtures.signInError),
        ("error-long", Fixtures.longErrorScreen),
        ("request-log-error", Fixtures.requestLogWithError),
        ("sign-in-long-error", Fixtures.signInLongError),
        ("review", Fixtures.review),
        ("timeline-hour", Fixtures.timeline(.hour)),
        ("timeline-day", Fixtures.timeline(.day)),
        ("timeline-week", Fixtures.timeline(.week)),
        ("montage", Fixtures.montage),
    ]

    static let sizes = [(80, 24), (120, 40)]

    static var goldenDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    }

    @Test(arguments: scenarios.map(\.0))
    func screen(named name: String) throws {
        try Self.compare(try #require(Self.scenarios.first { $0.0 == name }?.1), named: name)
    }

    /// Renders `screen` at every size and compares it with `Golden/<name>-<cols>x<rows>.txt`
    /// (`RECORD_GOLDEN=1` writes the files instead).
    static func compare(_ screen: ScreenSnapshot, named name: String) throws {
        for (columns, rows) in sizes {
            let text = OffscreenRenderer.render(screen, columns: columns, rows: rows)
            let file = goldenDirectory.appendingPathComponent("\(name)-\(columns)x\(rows).txt")
            if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" {
                try FileManager.default.createDirectory(at: goldenDirectory, withIntermediateDirectories: true)
                try text.write(to: file, atomically: true, encoding: .utf8)
                continue
            }
            let expected = try String(contentsOf: file, encoding: .utf8)
            #expect(text == expected, "\(file.lastPathComponent) differs; RECORD_GOLDEN=1 re-records.\n\(text)")
        }
    }

    @Test func everyLineFitsTheScreen() {
        for (_, screen) in Self.scenarios {
            for (columns, rows) in Self.sizes + [(40, 12), (100, 30)] {
                let lines = OffscreenRenderer.render(screen, columns: columns, rows: rows).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                #expect(lines.count == rows)
                #expect(lines.allSatisfy { DisplayWidth.of(String($0)) <= columns })
            }
        }
    }

    @Test func tooSmallScreenAndRecovery() {
        let small = OffscreenRenderer.render(Fixtures.list, columns: 39, rows: 11)
        #expect(small.contains("Terminal too small"))
        #expect(small.contains("39×11, need 40×12"))
        let recovered = OffscreenRenderer.render(Fixtures.list, columns: 40, rows: 12)
        #expect(!recovered.contains("too small"))
        #expect(recovered.contains("Motion detected 2"))
    }

    @Test func stylesMarkSelectionAndErrors() {
        let grid = OffscreenRenderer.grid(Fixtures.errorScreen, columns: 80, rows: 24)
        #expect(grid.style(x: 0, y: 23) == .error)
        let list = OffscreenRenderer.grid(Fixtures.list, columns: 80, rows: 24)
        #expect(list.style(x: 5, y: 1 + 1 + 2) == .selected)   // header, heading, row 2
    }

    @Test func reviewedRowsAreDimmedWithAMark() {
        let grid = OffscreenRenderer.grid(Fixtures.review, columns: 80, rows: 24)
        let text = OffscreenRenderer.render(Fixtures.review, columns: 80, rows: 24)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(grid.style(x: 5, y: 1 + 1 + 1) == .dim)                // row 1: reviewed
        #expect(grid.style(x: 5, y: 1 + 1 + 3) == .normal)             // row 3: not reviewed
        #expect(grid.style(x: 5, y: 1 + 1 + 2) == .selectedUnfocused)  // row 2: reviewed and selected
        #expect(Array(text[3])[2] == "✓" && Array(text[4])[2] == "✓" && Array(text[5])[2] == " ")
        #expect(text[22].contains("auto"))
    }
}
