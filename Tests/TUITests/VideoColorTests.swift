import Testing
@testable import TUI

@Suite struct VideoColorTests {
    @Test(arguments: [
        (RGB(0, 0, 0), 16), (RGB(255, 255, 255), 231), (RGB(255, 0, 0), 196), (RGB(0, 255, 0), 46),
        (RGB(0, 0, 255), 21), (RGB(95, 135, 175), 67), (RGB(128, 128, 128), 244), (RGB(30, 30, 30), 234),
        (RGB(250, 5, 3), 196), (RGB(200, 100, 10), 166),
    ])
    func palette256NearestIndex(pixel: RGB, index: Int) {
        #expect(ColorQuantizer.nearest256(pixel) == index, "\(pixel) -> \(ColorQuantizer.nearest256(pixel))")
    }

    @Test func paletteValuesAreXterms() {
        #expect(ColorQuantizer.paletteRGB(196) == RGB(255, 0, 0))
        #expect(ColorQuantizer.paletteRGB(67) == RGB(95, 135, 175))
        #expect(ColorQuantizer.paletteRGB(232) == RGB(8, 8, 8))
        #expect(ColorQuantizer.paletteRGB(255) == RGB(238, 238, 238))
    }

    @Test func greysPreferTheGreyRampOverTheCube() {
        // 118 is between cube levels 95 and 135; the ramp has 118 exactly.
        #expect(ColorQuantizer.nearest256(RGB(118, 118, 118)) == 243)
    }

    @Test func eightColoursAndMonochrome() {
        #expect(ColorQuantizer.nearest8(RGB(220, 30, 20)) == 1)
        #expect(ColorQuantizer.nearest8(RGB(10, 10, 200)) == 4)
        #expect(ColorQuantizer.nearest8(RGB(240, 240, 230)) == 7)
        let mono = ColorQuantizer(depth: .monochrome)
        #expect(mono.nearest(RGB(200, 200, 200)) == .indexed(7))
        #expect(mono.nearest(RGB(40, 40, 40)) == .indexed(0))
    }

    @Test func hysteresisKeepsThePreviousColourWhileItIsNearlyAsClose() {
        let truecolor = ColorQuantizer(depth: .truecolor)
        let previous = CellColor.rgb(100, 100, 100)
        #expect(truecolor.color(for: RGB(102, 101, 99), previous: previous) == previous)
        #expect(truecolor.color(for: RGB(140, 100, 100), previous: previous) == .rgb(140, 100, 100))
        let palette = ColorQuantizer(depth: .palette256)
        // 114/116 sit on both sides of the 95|135 boundary: without hysteresis the index flips;
        // with it the first choice stays.
        let first = palette.color(for: RGB(114, 114, 0))
        let second = palette.color(for: RGB(116, 116, 0), previous: first)
        #expect(palette.nearest(RGB(116, 116, 0)) != first)
        #expect(second == first)
    }

    @Test func depthFromTheEnvironment() {
        #expect(ColorDepth.detect(environment: ["COLORTERM": "truecolor", "TERM": "xterm"]) == .truecolor)
        #expect(ColorDepth.detect(environment: ["COLORTERM": "24bit"]) == .truecolor)
        #expect(ColorDepth.detect(environment: ["TERM": "tmux-256color"]) == .palette256)
        #expect(ColorDepth.detect(environment: ["TERM": "xterm"]) == .palette8)
        #expect(ColorDepth.detect(environment: ["TERM": "dumb"]) == .monochrome)
        #expect(ColorDepth.detect(environment: ["TERM": "xterm-256color", "NO_COLOR": "1", "COLORTERM": "truecolor"]) == .monochrome)
        #expect(ColorDepth.detect(environment: ["TERM": "xterm", "NO_COLOR": ""], terminalColors: 256) == .palette256)
    }
}
