import PlaybackStates
import Testing
@testable import TUI

/// rgb0 pixels built in a test, handed to the renderer as ``VideoPixels``.
struct TestPicture {
    let width: Int, height: Int, stride: Int
    var bytes: [UInt8]

    init(width: Int, height: Int, fill: RGB = RGB(0, 0, 0)) {
        self.width = width
        self.height = height
        stride = (width * 4 + 63) / 64 * 64
        bytes = [UInt8](repeating: 0, count: stride * height)
        for y in 0..<height { for x in 0..<width { self[x, y] = fill } }
    }

    subscript(x: Int, y: Int) -> RGB {
        get { RGB(bytes[y * stride + x * 4], bytes[y * stride + x * 4 + 1], bytes[y * stride + x * 4 + 2]) }
        set { bytes.replaceSubrange(y * stride + x * 4..<y * stride + x * 4 + 3, with: [newValue.red, newValue.green, newValue.blue]) }
    }

    func with<R>(_ body: (VideoPixels) -> R) -> R {
        bytes.withUnsafeBytes { body(VideoPixels(bytes: $0, width: width, height: height, stride: stride)) }
    }
}

@Suite struct VideoCellTests {
    let red = RGB(255, 0, 0), blue = RGB(0, 0, 255), white = RGB(255, 255, 255), black = RGB(0, 0, 0)

    @Test func halfBlocksPutTheTopPixelInFrontAndTheBottomOneBehind() {
        var picture = TestPicture(width: 2, height: 2)
        picture[0, 0] = red; picture[0, 1] = blue; picture[1, 0] = white; picture[1, 1] = white
        let grid = picture.with { VideoCellRenderer(glyphs: .half, depth: .truecolor).render($0, columns: 2, rows: 1, previous: nil) }
        #expect(grid[0, 0] == VideoCell(glyph: 0x2580, foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 255)))
        #expect(grid[1, 0].foreground == .rgb(255, 255, 255) && grid[1, 0].background == .rgb(255, 255, 255))
    }

    @Test func quadrantSplitsThreeRedPixelsFromOneBlue() {
        // Pixels row by row: red red / red blue → the lower right quadrant (▗) in blue over red.
        let split = VideoCellRenderer.split([red, red, red, blue], flatThreshold: 24)
        #expect(split.mask == 8)
        #expect(split.on == blue && split.off == red)
        let cell = VideoCellRenderer(glyphs: .quadrant, depth: .truecolor).cell(for: [red, red, red, blue], previous: nil)
        #expect(cell.glyph == 0x2597)
        #expect(cell.foreground == .rgb(0, 0, 255) && cell.background == .rgb(255, 0, 0))
    }

    @Test func theFirstPixelIsAlwaysBackgroundSoTheSamePictureGetsTheSameGlyph() {
        let a = VideoCellRenderer.split([blue, blue, red, red], flatThreshold: 24)
        let b = VideoCellRenderer.split([red, red, blue, blue], flatThreshold: 24)
        #expect(a.mask == 12 && b.mask == 12)   // ▄ both times, colours swapped
        #expect(a.off == blue && b.off == red)
    }

    @Test func twoColoursAreTheMeansOfTheirGroups() {
        let block = [RGB(10, 10, 10), RGB(20, 20, 20), RGB(200, 200, 200), RGB(220, 220, 220), RGB(30, 30, 30), RGB(240, 240, 240)]
        let split = VideoCellRenderer.split(block, flatThreshold: 24)
        #expect(split.mask == 0b101100)
        #expect(split.off == RGB(20, 20, 20))
        #expect(split.on == RGB(220, 220, 220))
    }

    @Test func aFlatCellIsOneColourWithoutAGlyph() {
        let block = [RGB(100, 100, 100), RGB(104, 102, 100), RGB(98, 100, 101), RGB(101, 99, 100)]
        let cell = VideoCellRenderer(glyphs: .quadrant, depth: .truecolor).cell(for: block, previous: nil)
        #expect(cell.glyph == 0x20)
        #expect(cell.background == .rgb(100, 100, 100))
    }

    @Test func sextantGlyphsFollowTheUnicodeOrder() {
        #expect(VideoGlyphs.sextant(1) == 0x1FB00)      // BLOCK SEXTANT-1
        #expect(VideoGlyphs.sextant(20) == 0x1FB13)     // SEXTANT-35
        #expect(VideoGlyphs.sextant(21) == 0x258C)      // left half
        #expect(VideoGlyphs.sextant(22) == 0x1FB14)     // SEXTANT-235
        #expect(VideoGlyphs.sextant(42) == 0x2590)      // right half
        #expect(VideoGlyphs.sextant(62) == 0x1FB3B)     // SEXTANT-23456
        #expect(VideoGlyphs.sextant(63) == 0x2588)
        let glyphs = Set((1..<63).map { VideoGlyphs.sextant($0) })
        #expect(glyphs.count == 62)
    }

    @Test func monochromeDrawsThePatternOfBrightPixels() {
        let renderer = VideoCellRenderer(glyphs: .half, depth: .monochrome)
        #expect(renderer.cell(for: [white, black], previous: nil).glyph == 0x2580)
        #expect(renderer.cell(for: [black, white], previous: nil).glyph == 0x2584)
        #expect(renderer.cell(for: [black, black], previous: nil).glyph == 0x20)
    }

    @Test func staticNoiseDoesNotChangeCellsWithHysteresis() {
        // A colour just above the middles between palette entries, then noise just below them.
        var picture = TestPicture(width: 4, height: 4, fill: RGB(115, 155, 195))
        let renderer = VideoCellRenderer(glyphs: .half, depth: .palette256)
        let first = picture.with { renderer.render($0, columns: 4, rows: 2, previous: nil) }
        picture[1, 1] = RGB(113, 153, 194)
        picture[2, 2] = RGB(113, 153, 194)
        let second = picture.with { renderer.render($0, columns: 4, rows: 2, previous: first) }
        #expect(second.changedIndices(since: first).isEmpty)
        let withoutHysteresis = picture.with { renderer.render($0, columns: 4, rows: 2, previous: nil) }
        #expect(withoutHysteresis.changedIndices(since: first).count == 2)
    }
}
