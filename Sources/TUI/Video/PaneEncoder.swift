import PlaybackStates

/// How the video pane's frames become bytes for the terminal: cells (``CellPaneEncoder``) or a
/// picture in pixels (``SixelPaneEncoder``, ``KittyPaneEncoder``). ``VideoPaneWriter`` writes
/// them, paced to the link.
protocol PaneEncoder {
    /// Appends the bytes that draw `pixels` in the pane of `columns`×`rows` cells at (`left`,
    /// `top`) (0-based screen cells), or only what changed since the last frame.
    mutating func encode(_ pixels: VideoPixels, columns: Int, rows: Int, left: Int, top: Int, into out: inout [UInt8])
    /// Appends the bytes that draw the last frame again, whole (nothing before the first).
    mutating func repaint(left: Int, top: Int, into out: inout [UInt8])
    /// Forgets the last frame: the pane is blank now.
    mutating func forget()
    /// Appends the bytes that take the picture off the screen where ncurses cannot (an image
    /// above the text); nothing for pictures ncurses' own drawing replaces.
    mutating func erase(into out: inout [UInt8])
    /// True while the terminal has not taken the last frame by some other way than the pty (a
    /// kitty image in shared memory): the next frame is dropped.
    mutating func isBehind() -> Bool
    /// What closes a frame cut off part-way (``VideoPaneWriter/abandon``, or more for a protocol
    /// whose image spans several strings).
    var abandon: [UInt8] { get }
}

extension PaneEncoder {
    mutating func erase(into out: inout [UInt8]) {}
    mutating func isBehind() -> Bool { false }
    var abandon: [UInt8] { VideoPaneWriter.abandon }
}

/// Cells: renders the frame with ``VideoCellRenderer`` and writes the cells that changed.
struct CellPaneEncoder: PaneEncoder {
    var renderer: VideoCellRenderer
    var encoder: VideoEncoder
    /// What the terminal shows (or will, once the writer's pending bytes are out): the diff base.
    private(set) var shown: CellGrid?

    init(glyphs: VideoGlyphs, depth: ColorDepth) {
        renderer = VideoCellRenderer(glyphs: glyphs, depth: depth)
        encoder = VideoEncoder(depth: depth)
    }

    mutating func encode(_ pixels: VideoPixels, columns: Int, rows: Int, left: Int, top: Int, into out: inout [UInt8]) {
        let grid = renderer.render(pixels, columns: columns, rows: rows, previous: shown)
        encoder.encode(grid, since: shown, left: left, top: top, into: &out)
        shown = grid
    }

    mutating func repaint(left: Int, top: Int, into out: inout [UInt8]) {
        guard let shown else { return }
        encoder.encode(shown, since: nil, left: left, top: top, into: &out)
    }

    mutating func forget() { shown = nil }
}
