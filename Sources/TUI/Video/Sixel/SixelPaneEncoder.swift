/// Pixels as sixel: each frame is one image drawn from the pane's top-left cell (a sixel image
/// starts at the cursor), inside synchronized output and DECSC/DECRC like the cells, so ncurses'
/// cursor and attributes stay as it believes. The image is at most the pane's height (whole
/// bands of six rows), so drawing it never scrolls the screen.
struct SixelPaneEncoder: PaneEncoder {
    var encoder = SixelEncoder()
    /// The last image, for a repaint.
    private var image: [UInt8] = []

    /// `colorRegisters` as the terminal reported them (at most 256 are used).
    init(colorRegisters: Int? = nil) {
        encoder.maxColors = min(max(colorRegisters ?? 256, 2), 256)
    }

    mutating func encode(_ pixels: VideoPixels, columns: Int, rows: Int, left: Int, top: Int, into out: inout [UInt8]) {
        image.removeAll(keepingCapacity: true)
        encoder.encode(pixels, into: &image)
        repaint(left: left, top: top, into: &out)
    }

    mutating func repaint(left: Int, top: Int, into out: inout [UInt8]) {
        guard !image.isEmpty else { return }
        VideoEncoder.appendPlaced(image, left: left, top: top, to: &out)
    }

    mutating func forget() { image.removeAll(keepingCapacity: true) }
}
