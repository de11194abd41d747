import Testing
@testable import TUI

/// One ``TerminalVideo`` per pane: several panes on one terminal each draw their own picture at
/// their own place, and kitty images are per pane (the montage shows up to four).
@Suite struct SeveralPanesTests {
    static func pane(_ id: Int, sink: SlowSink, at rect: Rect, _ pixels: PixelProtocol) -> TerminalVideo {
        let video = TerminalVideo(sink: sink, depth: .truecolor, paneID: id)
        video.use(pixels, graphics: TerminalGraphics(kitty: true, sixel: true, cellPixels: PixelSize(width: 8, height: 16)))
        video.place(rect: rect, visible: true, ncursesDrewOver: false)
        return video
    }

    /// Shows a frame in `video`, the terminal having taken everything before (the panes share its
    /// queue: a frame waits while another pane's is still queued).
    static func show(_ video: TerminalVideo, sink: SlowSink, seed: Int) -> Bool {
        sink.drain()
        let geometry = video.geometry
        let frame = SixelEncoderTests.frame(width: geometry.pixelWidth, height: geometry.pixelHeight, seed: seed)
        return frame.withUnsafeBytes {
            video.show(VideoPixels(bytes: $0, width: geometry.pixelWidth, height: geometry.pixelHeight, stride: geometry.pixelWidth * 4))
        }
    }

    @Test func twoKittyPanesKeepTheirOwnImagesAndOneGoesAlone() {
        let sink = SlowSink(capacity: 100_000_000)
        let left = Self.pane(1, sink: sink, at: Rect(x: 0, y: 1, width: 20, height: 6), .kitty)
        let right = Self.pane(2, sink: sink, at: Rect(x: 40, y: 1, width: 20, height: 6), .kitty)
        #expect(Self.show(left, sink: sink, seed: 1) && Self.show(right, sink: sink, seed: 2))
        let text = String(decoding: sink.received, as: UTF8.self)
        #expect(text.contains("\u{1B}[2;1H\u{1B}_Ga=T") && text.contains("\u{1B}[2;41H\u{1B}_Ga=T"), "each at its own place")
        #expect(text.contains(",i=1,") && text.contains(",i=2,"), "each its own image")
        sink.received = []
        right.place(rect: Rect(x: 40, y: 1, width: 20, height: 6), visible: false, ncursesDrewOver: false)
        #expect(String(decoding: sink.received, as: UTF8.self) == "\u{1B}_Ga=d,d=I,i=2,q=2\u{1B}\\", "only the covered pane's image goes")
        sink.received = []
        #expect(Self.show(left, sink: sink, seed: 3), "the other pane goes on")
        #expect(String(decoding: sink.received, as: UTF8.self).contains(",i=1,"))
    }

    @Test func sixelAndCellPanesDrawAtTheirOwnOrigins() {
        let sink = SlowSink(capacity: 100_000_000)
        let sixel = Self.pane(1, sink: sink, at: Rect(x: 2, y: 3, width: 16, height: 5), .sixel)
        let cells = TerminalVideo(sink: sink, depth: .truecolor, paneID: 2)
        cells.place(rect: Rect(x: 30, y: 3, width: 16, height: 5), visible: true, ncursesDrewOver: false)
        #expect(Self.show(sixel, sink: sink, seed: 1) && Self.show(cells, sink: sink, seed: 1))
        let text = String(decoding: sink.received, as: UTF8.self)
        #expect(text.contains("\u{1B}[4;3H\u{1B}P"), "the sixel image at its pane's top-left cell")
        #expect(text.contains("\u{1B}[4;31H"), "the cells from their pane's top-left cell")
        #expect(sixel.geometry.pixelWidth == 128 && cells.geometry.pixelWidth == 16)
    }

    /// A gradient for `video`'s geometry, every cell its own colour, blue `shade` throughout (the
    /// top-left cell is `38;2;0;0;shade;48;2;0;6;shade`).
    static func offer(_ video: TerminalVideo, shade: UInt8) -> Bool {
        let geometry = video.geometry
        var picture = TestPicture(width: geometry.pixelWidth, height: geometry.pixelHeight)
        for y in 0..<picture.height { for x in 0..<picture.width { picture[x, y] = RGB(UInt8(x * 6), UInt8(y * 6), shade) } }
        return picture.with { video.show($0) }
    }

    @Test func aFrameOfferedWhileAnotherPaneIsHalfWrittenWaitsAndGoesNext() {
        let sink = SlowSink(capacity: 300)
        let first = TerminalVideo(sink: sink, depth: .truecolor, paneID: 2)
        let second = first.sibling(paneID: 3)
        first.place(rect: Rect(x: 0, y: 0, width: 10, height: 4), visible: true, ncursesDrewOver: false)
        second.place(rect: Rect(x: 20, y: 0, width: 10, height: 4), visible: true, ncursesDrewOver: false)
        #expect(Self.offer(first, shade: 10))
        #expect(first.hasPending, "the terminal took only part of the first pane's frame")
        #expect(!Self.offer(second, shade: 20), "not written while the other pane's frame is half written")
        #expect(!Self.offer(second, shade: 30), "a newer frame replaces the one waiting")
        let before = sink.received.count
        first.group.flush()
        #expect(sink.received.count == before, "the terminal took nothing: nothing of the waiting frame goes")
        // The terminal takes more: the first pane's rest, then the waiting frame, whole.
        sink.capacity = 100_000
        sink.drain()
        first.group.flush()
        #expect(!first.hasPending && !second.hasPending && !second.isWaiting)
        let text = String(decoding: sink.received, as: UTF8.self)
        #expect(text.contains("38;2;0;0;30;48;2;0;6;30m") && !text.contains("38;2;0;0;20;"), "the newest waiting frame, not the replaced one")
        let frames = text.components(separatedBy: "\u{1B}[?2026h").dropFirst()
        #expect(frames.count == 2 && frames.allSatisfy { $0.components(separatedBy: "\u{1B}[?2026l").count == 2 },
                "one frame after the other, never interleaved")
        #expect(second.statistics.delivered == 1 && second.statistics.dropped == 1)
        #expect(first.statistics.delivered == 1 && first.statistics.dropped == 0)
    }

    @Test func aWaitingFrameGoesAtTheNextPlacementWhenNothingIsHalfWritten() {
        let sink = SlowSink(capacity: 300)
        let first = TerminalVideo(sink: sink, depth: .truecolor, paneID: 2)
        let second = first.sibling(paneID: 3)
        let rect = Rect(x: 20, y: 0, width: 10, height: 4)
        first.place(rect: Rect(x: 0, y: 0, width: 10, height: 4), visible: true, ncursesDrewOver: false)
        second.place(rect: rect, visible: true, ncursesDrewOver: false)
        #expect(Self.offer(first, shade: 10) && !Self.offer(second, shade: 40))
        sink.capacity = 100_000
        first.finishPending()   // before ncurses writes (UILoop.render)
        second.place(rect: rect, visible: true, ncursesDrewOver: false)
        #expect(String(decoding: sink.received, as: UTF8.self).contains("38;2;0;0;40;48;2;0;6;40m"))
        #expect(second.statistics.delivered == 1 && !second.isWaiting)
    }
}
