/// Pixels as kitty graphics: each frame replaces the pane's image in place (``KittyEncoder``),
/// placed at the pane's top-left cell inside synchronized output and DECSC/DECRC. The image sits
/// above the text, so it is deleted whenever the pane is covered (help, the request log, a picker),
/// moves, or goes (stop, suspend, exit); a repaint shows the last frame again.
struct KittyPaneEncoder: PaneEncoder {
    var encoder: KittyEncoder
    /// The last image's escape sequences, for a repaint.
    private var image: [UInt8] = []
    private var shown = false

    init(imageID: Int = 1) {
        encoder = KittyEncoder(imageID: imageID)
    }

    mutating func encode(_ pixels: VideoPixels, columns: Int, rows: Int, left: Int, top: Int, into out: inout [UInt8]) {
        image.removeAll(keepingCapacity: true)
        encoder.encode(pixels, columns: columns, rows: rows, into: &image)
        repaint(left: left, top: top, into: &out)
    }

    mutating func repaint(left: Int, top: Int, into out: inout [UInt8]) {
        guard !image.isEmpty else { return }
        VideoEncoder.appendPlaced(image, left: left, top: top, to: &out)
        shown = true
    }

    mutating func erase(into out: inout [UInt8]) {
        guard shown else { return }
        out += KittyEncoder.delete(imageID: encoder.imageID)
        shown = false
    }

    mutating func forget() { image.removeAll(keepingCapacity: true) }
}
