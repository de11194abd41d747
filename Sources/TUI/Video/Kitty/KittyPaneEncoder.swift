/// Pixels as kitty graphics: each frame replaces the pane's image in place (``KittyEncoder``),
/// placed at the pane's top-left cell inside synchronized output and DECSC/DECRC. The image sits
/// above the text, so it is deleted whenever the pane is covered (help, the request log, a picker),
/// moves, or goes (stop, suspend, exit); a repaint sends the last frame again.
struct KittyPaneEncoder: PaneEncoder {
    var encoder: KittyEncoder
    private var command: [UInt8] = []
    private var columns = 0
    private var rows = 0
    private var shown = false

    init(imageID: Int = 1, transport: KittyTransport = .direct) {
        encoder = KittyEncoder(imageID: imageID, transport: transport)
    }

    mutating func encode(_ pixels: VideoPixels, columns: Int, rows: Int, left: Int, top: Int, into out: inout [UInt8]) {
        encoder.load(pixels)
        self.columns = columns
        self.rows = rows
        repaint(left: left, top: top, into: &out)
    }

    /// Sends the frame again (a shared memory frame is gone once read, so the command is made anew).
    mutating func repaint(left: Int, top: Int, into out: inout [UInt8]) {
        guard columns > 0 else { return }
        command.removeAll(keepingCapacity: true)
        encoder.encode(columns: columns, rows: rows, into: &command)
        guard !command.isEmpty else { return }
        VideoEncoder.appendPlaced(command, left: left, top: top, to: &out)
        shown = true
    }

    mutating func erase(into out: inout [UInt8]) {
        encoder.takeBack()
        guard shown else { return }
        out += KittyEncoder.delete(imageID: encoder.imageID)
        shown = false
    }

    mutating func forget() {
        encoder.forget()
        columns = 0
    }

    mutating func isBehind() -> Bool { encoder.isBehind() }

    /// An inline image is several strings (`m=1` chunks): after the cut-off one is closed, an
    /// empty last chunk ends the transmission, or kitty would take the next frame's first string
    /// for more of this one. Alone (the cut came before the image), it is an empty command whose
    /// error `q=2` silences.
    var abandon: [UInt8] { Array("\u{1B}\\\u{1B}_Gm=0,q=2;\u{1B}\\\u{1B}8\u{1B}[?2026l".utf8) }
}
