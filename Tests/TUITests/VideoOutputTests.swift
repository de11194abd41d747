import Testing
@testable import TUI

/// A terminal that takes `capacity` bytes until `drain()` (a slow SSH link), and reports the rest
/// of what it holds as its backlog.
final class SlowSink: VideoSink {
    var capacity: Int
    var queued = 0
    var received: [UInt8] = []
    init(capacity: Int) { self.capacity = capacity }

    func write(_ bytes: UnsafeRawBufferPointer) -> Int {
        let taken = min(bytes.count, max(0, capacity - queued))
        received += bytes.prefix(taken)
        queued += taken
        return taken
    }
    var backlog: Int { queued }
    func waitWritable(until deadline: ContinuousClock.Instant) { drain() }
    func drain() { queued = 0 }
}

@Suite struct VideoOutputTests {
    @Test func geometryAsksMpvForThePanesPixelsAndTheirShape() {
        let half = VideoGeometry(columns: 120, rows: 40, glyphs: .half)
        #expect(half.pixelWidth == 120 && half.pixelHeight == 80 && half.pixelAspect == 1)
        let quadrant = VideoGeometry(columns: 80, rows: 24, glyphs: .quadrant)
        #expect(quadrant.pixelWidth == 160 && quadrant.pixelHeight == 48 && quadrant.pixelAspect == 0.5)
        let sextant = VideoGeometry(columns: 80, rows: 24, glyphs: .sextant)
        #expect(sextant.pixelWidth == 160 && sextant.pixelHeight == 72 && sextant.pixelAspect == 0.75)
        #expect(!VideoGeometry(columns: 7, rows: 10, glyphs: .half).showsVideo)
        #expect(VideoGeometry(columns: 7, rows: 10, glyphs: .half).pixelWidth == 0)
    }

    @Test func aspectFitLetterboxesAWideVideoAndPillarboxesANarrowOne() {
        // 120×40 cells twice as tall as wide = 120×80 square units: 16:9 is 120×67.5 → 34 rows.
        let geometry = VideoGeometry(columns: 120, rows: 40, glyphs: .half)
        let wide = geometry.pictureCells(videoAspect: 16.0 / 9)
        #expect(wide.columns == 120 && wide.rows == 34 && wide.y == 3 && wide.x == 0)
        // Square video in 100×20 cells (100×40 units): 40 columns, centred.
        let tall = VideoGeometry(columns: 100, rows: 20, glyphs: .half).pictureCells(videoAspect: 1)
        #expect(tall.columns == 40 && tall.rows == 20 && tall.x == 30)
        #expect(VideoGeometry.cellAspect(pixelWidth: 800, pixelHeight: 480, columns: 80, rows: 24) == 2)
        #expect(VideoGeometry.cellAspect(pixelWidth: 0, pixelHeight: 0, columns: 80, rows: 24) == 2)
    }

    @Test func onlyChangedCellsAreWrittenInsideSynchronizedOutput() {
        let encoder = VideoEncoder(depth: .truecolor)
        var grid = CellGrid(columns: 4, rows: 2, filling: VideoCell(glyph: 0x2580, foreground: .rgb(1, 2, 3), background: .rgb(4, 5, 6)))
        var full: [UInt8] = []
        #expect(encoder.encode(grid, since: nil, left: 10, top: 5, into: &full) == 8)
        let text = String(decoding: full, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}[?2026h\u{1B}7\u{1B}[6;11H\u{1B}[38;2;1;2;3;48;2;4;5;6m▀▀▀▀"))
        #expect(text.hasSuffix("\u{1B}8\u{1B}[?2026l"))
        var same: [UInt8] = []
        #expect(encoder.encode(grid, since: grid, left: 10, top: 5, into: &same) == 0)
        #expect(same.isEmpty)
        let shown = grid
        grid[2, 1] = VideoCell(glyph: 0x2580, foreground: .rgb(9, 9, 9), background: .rgb(4, 5, 6))
        var diff: [UInt8] = []
        #expect(encoder.encode(grid, since: shown, left: 10, top: 5, into: &diff) == 1)
        #expect(String(decoding: diff, as: UTF8.self) == "\u{1B}[?2026h\u{1B}7\u{1B}[7;13H\u{1B}[38;2;9;9;9;48;2;4;5;6m▀\u{1B}8\u{1B}[?2026l")
    }

    @Test func paletteColoursUseTheirSGRForms() {
        let grid = CellGrid(columns: 1, rows: 1, filling: VideoCell(glyph: 0x2580, foreground: .indexed(196), background: .indexed(21)))
        var out: [UInt8] = []
        VideoEncoder(depth: .palette256).encode(grid, since: nil, left: 0, top: 0, into: &out)
        #expect(String(decoding: out, as: UTF8.self).contains("\u{1B}[38;5;196;48;5;21m▀"))
        let eight = CellGrid(columns: 1, rows: 1, filling: VideoCell(glyph: 0x2580, foreground: .indexed(1), background: .indexed(4)))
        out = []
        VideoEncoder(depth: .palette8).encode(eight, since: nil, left: 0, top: 0, into: &out)
        #expect(String(decoding: out, as: UTF8.self).contains("\u{1B}[31;44m▀"))
    }

    @Test func framesAreDroppedNotQueuedWhileTheTerminalIsBehind() {
        let sink = SlowSink(capacity: 100)
        let writer = VideoPaneWriter(sink: sink, glyphs: .half, depth: .truecolor)
        writer.backlogLimit = 100
        var frames: [TestPicture] = []
        for shade in 0..<6 { frames.append(TestPicture(width: 8, height: 8, fill: RGB(UInt8(shade * 40), 0, 0))) }
        // The first frame (8×4 cells, over 100 bytes) is only partly taken: the next ones are dropped.
        #expect(frames[0].with { writer.offer($0, columns: 8, rows: 4, left: 0, top: 0) })
        #expect(writer.hasPending)
        #expect(!frames[1].with { writer.offer($0, columns: 8, rows: 4, left: 0, top: 0) })
        #expect(!frames[2].with { writer.offer($0, columns: 8, rows: 4, left: 0, top: 0) })
        // The terminal catches up: the pending rest goes first, then the newest frame, not the dropped ones.
        sink.drain()
        writer.flushPending()
        #expect(!writer.hasPending)
        sink.drain()
        #expect(frames[5].with { writer.offer($0, columns: 8, rows: 4, left: 0, top: 0) })
        #expect(writer.statistics.delivered == 2 && writer.statistics.dropped == 2)
        writer.finishPending()
        let text = String(decoding: sink.received, as: UTF8.self)
        #expect(text.contains("48;2;0;0;0m") && text.contains("48;2;200;0;0m"))
        #expect(!text.contains("48;2;40;0;0m") && !text.contains("48;2;80;0;0m"))
        // Every frame started is complete (no half escape sequence left).
        #expect(text.components(separatedBy: "\u{1B}[?2026h").count == text.components(separatedBy: "\u{1B}[?2026l").count)
    }

    @Test func aBacklogAboveTheLimitDropsTheFrame() {
        let sink = SlowSink(capacity: 1_000_000)
        let writer = VideoPaneWriter(sink: sink, glyphs: .half, depth: .truecolor)
        writer.backlogLimit = 100
        let picture = TestPicture(width: 8, height: 8, fill: RGB(10, 20, 30))
        #expect(picture.with { writer.offer($0, columns: 8, rows: 4, left: 0, top: 0) })
        #expect(sink.backlog > 100)
        #expect(!picture.with { writer.offer($0, columns: 8, rows: 4, left: 0, top: 0) })
        sink.drain()
        #expect(picture.with { writer.offer($0, columns: 8, rows: 4, left: 0, top: 0) })
    }

    @Test func repaintWritesTheWholeStillAgain() {
        let sink = SlowSink(capacity: 1_000_000)
        let writer = VideoPaneWriter(sink: sink, glyphs: .half, depth: .truecolor)
        let picture = TestPicture(width: 4, height: 4, fill: RGB(10, 20, 30))
        picture.with { _ = writer.offer($0, columns: 4, rows: 2, left: 3, top: 2) }
        let first = sink.received
        sink.received = []; sink.drain()
        picture.with { _ = writer.offer($0, columns: 4, rows: 2, left: 3, top: 2) }
        #expect(sink.received.isEmpty)   // nothing changed
        writer.repaint(left: 3, top: 2)
        #expect(sink.received == first)
    }
}

/// A terminal that takes `drip` bytes each time the writer waits for it: a frame far bigger than
/// 50 drips cannot be finished in time.
/// A terminal that takes `drip` bytes each time the writer waits, and each wait takes `wait` of
/// virtual time (``now``, the writer's clock in these tests).
final class DrippingSink: VideoSink {
    let drip: Int
    let wait: Duration
    var allowance: Int
    var received: [UInt8] = []
    var now = ContinuousClock.now
    init(drip: Int, wait: Duration = .milliseconds(20)) {
        self.drip = drip
        self.wait = wait
        allowance = drip
    }

    func write(_ bytes: UnsafeRawBufferPointer) -> Int {
        let taken = min(bytes.count, allowance)
        received += bytes.prefix(taken)
        allowance -= taken
        return taken
    }
    var backlog: Int { 0 }
    func waitWritable(until deadline: ContinuousClock.Instant) {
        allowance += drip
        now += wait
    }
}

@Suite struct AbandonedFrameTests {
    /// An rgb0 frame of pseudo-random pixels: it does not compress, so its kitty image is big.
    static func noise(width: Int, height: Int) -> [UInt8] {
        var state: UInt32 = 2_463_534_242
        return (0..<(width * height * 4)).map { _ in
            state ^= state << 13; state ^= state >> 17; state ^= state << 5
            return UInt8(truncatingIfNeeded: state)
        }
    }

    /// A sixel frame the terminal cannot take in time is cut, and the string, the saved cursor
    /// and synchronized output are closed after it: the terminal is never left swallowing what
    /// comes next.
    @Test func aFrameGivenUpHalfWayIsClosedNotLeftOpen() {
        let sink = DrippingSink(drip: 64)
        let writer = VideoPaneWriter(sink: sink, encoder: SixelPaneEncoder())
        writer.clock = { sink.now }
        let frame = SixelEncoderTests.frame(width: 240, height: 120)
        #expect(frame.withUnsafeBytes { writer.offer(VideoPixels(bytes: $0, width: 240, height: 120, stride: 960), columns: 30, rows: 8, left: 2, top: 1) })
        #expect(writer.hasPending)
        writer.finishPending()
        #expect(!writer.hasPending)
        let text = String(decoding: sink.received, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}[?2026h\u{1B}7\u{1B}[2;3H\u{1B}P"), "the frame had started")
        #expect(!text.contains("\u{1B}8\u{1B}[?2026l\u{1B}\\"), "the frame did not finish")
        #expect(text.hasSuffix("\u{1B}\\\u{1B}8\u{1B}[?2026l"), "the open string, cursor and synchronized output are closed")
        // The next frame is drawn whole.
        sink.allowance = 10_000_000
        sink.received = []
        #expect(frame.withUnsafeBytes { writer.offer(VideoPixels(bytes: $0, width: 240, height: 120, stride: 960), columns: 30, rows: 8, left: 2, top: 1) })
        #expect(String(decoding: sink.received, as: UTF8.self).hasSuffix("\u{1B}\\\u{1B}8\u{1B}[?2026l"))
    }

    /// A big image over a terminal that keeps taking it (kitty reading a full-pane frame a few KB
    /// at a time) is finished, however many waits that takes, within ``VideoPaneWriter/finishBudget``:
    /// it is not given up after a count of waits (every full-pane kitty frame was, and the pane
    /// stayed blank).
    /// A writer of kitty images into `sink` (on its clock) that has just offered a 480×300 frame
    /// of noise (about 580 KB of base64: far more than one wait lets through).
    static func kittyWriterWithABigFrame(into sink: DrippingSink) -> VideoPaneWriter {
        let writer = VideoPaneWriter(sink: sink, encoder: KittyPaneEncoder(imageID: 5))
        writer.clock = { sink.now }
        let frame = noise(width: 480, height: 300)
        #expect(frame.withUnsafeBytes { writer.offer(VideoPixels(bytes: $0, width: 480, height: 300, stride: 1920), columns: 60, rows: 18, left: 0, top: 0) })
        return writer
    }

    @Test func aBigFrameTheTerminalKeepsTakingIsFinishedNotGivenUp() {
        let sink = DrippingSink(drip: 4096, wait: .milliseconds(1))
        let writer = Self.kittyWriterWithABigFrame(into: sink)
        #expect(writer.hasPending)
        let started = sink.now
        writer.finishPending()
        #expect(!writer.hasPending)
        #expect(sink.now - started > .milliseconds(50), "it took many waits")
        let text = String(decoding: sink.received, as: UTF8.self)
        #expect(text.hasSuffix("m=0;" + (text.components(separatedBy: "m=0;").last ?? "")))
        #expect(text.hasSuffix("\u{1B}\\\u{1B}8\u{1B}[?2026l"), "the frame ended normally")
        #expect(!text.contains("\u{1B}_Gm=0,q=2;"), "nothing was abandoned")
    }

    /// A kitty image cut off part-way also gets an empty last chunk, so the terminal does not
    /// take the next frame for the rest of this one.
    @Test func aKittyImageGivenUpHalfWayEndsItsTransmission() {
        let sink = DrippingSink(drip: 4096, wait: .milliseconds(100))
        let writer = Self.kittyWriterWithABigFrame(into: sink)
        writer.finishPending()
        #expect(!writer.hasPending)
        let text = String(decoding: sink.received, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}[?2026h\u{1B}7\u{1B}[1;1H\u{1B}_Ga=T"))
        #expect(text.hasSuffix("\u{1B}\\\u{1B}_Gm=0,q=2;\u{1B}\\\u{1B}8\u{1B}[?2026l"))
    }
}
