import Foundation
import Testing
@testable import TUI

/// Long errors: wrapped in the sign-in box; on the bottom line cut with "…" and a hint
/// naming the key (`d`) of the request log, which shows the whole text.
@Suite struct ErrorTextTests {
    @Test func wrapBreaksAtSpacesAndCutsLongWords() {
        #expect(DisplayWidth.wrap("could not open the media", to: 10) == ["could not", "open the", "media"])
        #expect(DisplayWidth.wrap("/media/30-days/seg.ts ok", to: 8) == ["/media/3", "0-days/s", "eg.ts ok"])
        #expect(DisplayWidth.wrap("日本語のエラー", to: 5) == ["日本", "語の", "エラ", "ー"])
        #expect(DisplayWidth.wrap("a\nb c", to: 10) == ["a", "b c"])
        #expect(DisplayWidth.wrap("", to: 10) == [""])
        for width in 1...30 {
            #expect(DisplayWidth.wrap(Fixtures.longError, to: width).allSatisfy { DisplayWidth.of($0) <= width })
        }
    }

    @Test func theBottomLineCutsALongErrorAndSaysWhereTheWholeTextIs() {
        for columns in [40, 80, 120] {
            let lines = OffscreenRenderer.render(Fixtures.longErrorScreen, columns: columns, rows: 24)
                .split(separator: "\n", omittingEmptySubsequences: false)
            let bottom = String(lines[23])
            #expect(bottom.hasPrefix("✖ Cannot play"))
            #expect(bottom.contains("…"))
            #expect(bottom.hasSuffix(columns >= 60 ? " d full text · Esc dismisses" : " d full text"), "\(bottom)")
        }
        var keys = KeyMap.defaults
        keys.unbind(.char("d"), in: .global)
        keys.bind(.special(.f2), to: "request-log", in: .global)
        let rebound = OffscreenRenderer.render(Fixtures.longErrorScreen, columns: 80, rows: 24, keyMap: keys)
        #expect(rebound.contains(" F2 full text · Esc dismisses"))
        let short = OffscreenRenderer.render(Fixtures.errorScreen, columns: 80, rows: 24)
        #expect(!short.contains("full text") && short.contains(" Esc dismisses"))
    }

    @Test func theRequestLogShowsTheWholeError() {
        let text = OffscreenRenderer.render(Fixtures.requestLogWithError, columns: 80, rows: 24)
        let joined = text.split(separator: "\n").map { $0.trimmingCharacters(in: .init(charactersIn: "│ ")) }.joined(separator: " ")
        #expect(joined.contains(Fixtures.longError))
    }

    @Test func theSignInBoxWrapsALongError() {
        for (columns, rows) in [(80, 24), (120, 40), (40, 12)] {
            let text = OffscreenRenderer.render(Fixtures.signInLongError, columns: columns, rows: rows)
            #expect(text.contains("✖ Server unreachable"))
            #expect(text.contains("to try again") || rows < 24, "\(text)")
            #expect(text.split(separator: "\n").contains { $0.contains("Enter sign in") } || rows < 24)
        }
    }

    @Test func theStatusBarCutsALongFinishErrorAndKeepsTheOtherParts() {
        var screen = Fixtures.errorScreen
        screen.player?.finish = .error("played to the end but segment 2 failed (HTTP error 500 Internal Server Error); that part was skipped")
        let bar = String(OffscreenRenderer.render(screen, columns: 80, rows: 24).split(separator: "\n", omittingEmptySubsequences: false)[22])
        #expect(bar.hasPrefix(" ■ Stopped │ error: played to the end but segment"))
        #expect(bar.contains("… │ vol 80% │ window │ local"), "\(bar)")
    }
}
