import Testing
@testable import TUI

@Suite struct LayoutTests {
    func assertTiles(_ layout: ScreenLayout) {
        var rects = [layout.header, layout.list, layout.video, layout.slider, layout.status, layout.message]
        rects.append(layout.isSideBySide ? layout.divider : layout.playerTitle)
        if layout.isSideBySide { rects.append(layout.playerTitle) }
        let area = rects.reduce(0) { $0 + $1.width * $1.height }
        #expect(area == layout.columns * layout.rows, "views tile the screen")
        for (i, a) in rects.enumerated() {
            #expect(a.x >= 0 && a.y >= 0 && a.maxX <= layout.columns && a.maxY <= layout.rows)
            for b in rects[(i + 1)...] where !a.isEmpty && !b.isEmpty {
                let overlap = a.x < b.maxX && b.x < a.maxX && a.y < b.maxY && b.y < a.maxY
                #expect(!overlap, "\(a) overlaps \(b)")
            }
        }
    }

    @Test func minimum40x12() {
        let l = ScreenLayout(columns: 40, rows: 12)
        #expect(l.tooSmall == nil)
        #expect(!l.isSideBySide)
        #expect(l.list == Rect(x: 0, y: 1, width: 40, height: 4))
        #expect(l.video == Rect(x: 0, y: 6, width: 40, height: 3))
        #expect(l.slider == Rect(x: 0, y: 9, width: 40, height: 1))
        #expect(l.status.y == 10 && l.message.y == 11)
        #expect(l.listPageSize == 3)
        assertTiles(l)
    }

    @Test func stacked80x24() {
        let l = ScreenLayout(columns: 80, rows: 24)
        #expect(!l.isSideBySide)
        #expect(l.list == Rect(x: 0, y: 1, width: 80, height: 13))
        #expect(l.playerTitle == Rect(x: 0, y: 14, width: 80, height: 1))
        #expect(l.video == Rect(x: 0, y: 15, width: 80, height: 6))
        #expect(l.slider == Rect(x: 0, y: 21, width: 80, height: 1))
        assertTiles(l)
    }

    @Test func sideBySide120x40() {
        let l = ScreenLayout(columns: 120, rows: 40)
        #expect(l.isSideBySide)
        #expect(l.list == Rect(x: 0, y: 1, width: 60, height: 37))
        #expect(l.divider == Rect(x: 60, y: 1, width: 1, height: 37))
        #expect(l.playerTitle == Rect(x: 61, y: 1, width: 59, height: 1))
        #expect(l.video == Rect(x: 61, y: 2, width: 59, height: 35))
        #expect(l.slider == Rect(x: 61, y: 37, width: 59, height: 1))
        #expect(l.status == Rect(x: 0, y: 38, width: 120, height: 1))
        assertTiles(l)
    }

    @Test func fullPaneVideoTakesAllButTheStatusLine() {
        let l = ScreenLayout(columns: 120, rows: 40, fullPane: true)
        #expect(l.isFullPane && !l.isSideBySide)
        #expect(l.video == Rect(x: 0, y: 0, width: 120, height: 39))
        #expect(l.status == Rect(x: 0, y: 39, width: 120, height: 1))
        #expect([l.header, l.list, l.divider, l.playerTitle, l.slider, l.message].allSatisfy { $0.isEmpty })
        let tiny = ScreenLayout(columns: 30, rows: 10, fullPane: true)
        #expect(tiny.tooSmall != nil && !tiny.isFullPane, "too small wins")
    }

    @Test func otherSizesTile() {
        for (c, r) in [(99, 30), (100, 12), (200, 60), (41, 13)] { assertTiles(ScreenLayout(columns: c, rows: r)) }
    }

    @Test func tooSmall() {
        for (c, r) in [(39, 12), (40, 11), (10, 3), (0, 0)] {
            let l = ScreenLayout(columns: c, rows: r)
            #expect(l.tooSmall == Rect(x: 0, y: 0, width: c, height: r))
            #expect(l.list.isEmpty)
        }
    }
}
