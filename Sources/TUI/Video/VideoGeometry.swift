import PlaybackStates

/// Where the video pane's pixels come from: the pixel size to ask mpv for (the pane's cells ×
/// pixels per cell, so mpv scales and letterboxes and we never scale) and the shape of one such
/// pixel, from the shape of a cell (about twice as tall as wide; the real ratio when the
/// terminal reports its pixel size). With a pixel protocol (sixel) a cell is
/// ``cellPixels`` of the terminal's own square pixels.
///
/// ```swift
/// let geometry = VideoGeometry(columns: 120, rows: 40, glyphs: .half)
/// geometry.pixelWidth, geometry.pixelHeight   // 120, 80
/// geometry.pixelAspect                        // 1.0 (square pixels)
/// ```
public struct VideoGeometry: Hashable, Sendable {
    /// Smaller panes show the text poster instead of video.
    public static let minimumColumns = 8
    public static let minimumRows = 3

    public let columns: Int
    public let rows: Int
    public let glyphs: VideoGlyphs
    /// Cell height / cell width (2 when unknown).
    public let cellAspect: Double
    /// The terminal's pixels per cell when the pane draws real pixels (sixel); nil for cells.
    public let cellPixels: PixelSize?

    public init(columns: Int, rows: Int, glyphs: VideoGlyphs, cellAspect: Double = 2, cellPixels: PixelSize? = nil) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        self.glyphs = glyphs
        self.cellAspect = cellAspect > 0 ? cellAspect : 2
        self.cellPixels = cellPixels.flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil }
    }

    /// False when the pane is too small for a picture (it shows the poster).
    public var showsVideo: Bool { columns >= Self.minimumColumns && rows >= Self.minimumRows }

    public var pixelWidth: Int { showsVideo ? columns * (cellPixels?.width ?? glyphs.pixelsPerCell.columns) : 0 }
    /// With real pixels, whole sixel bands (6 rows): the picture never reaches below the pane.
    public var pixelHeight: Int {
        guard showsVideo else { return 0 }
        guard let cellPixels else { return rows * glyphs.pixelsPerCell.rows }
        return rows * cellPixels.height / 6 * 6
    }

    /// Width / height of one pixel on screen (mpv's `monitorpixelaspect`): 1 for half blocks,
    /// 0.5 for quadrants, 0.75 for sextants in cells twice as tall as wide.
    public var pixelAspect: Double {
        if cellPixels != nil { return 1 }
        let (across, down) = glyphs.pixelsPerCell
        return (1 / Double(across)) / (cellAspect / Double(down))
    }

    /// The cells the picture covers after mpv letterboxes a video of `aspect` (width/height)
    /// into the pane, centred: (x, y, columns, rows) in pane cells.
    public func pictureCells(videoAspect aspect: Double) -> (x: Int, y: Int, columns: Int, rows: Int) {
        guard showsVideo, aspect > 0 else { return (0, 0, 0, 0) }
        let paneAspect = Double(columns) / (Double(rows) * cellAspect)
        if aspect >= paneAspect {
            let height = min(rows, Int((Double(columns) / aspect / cellAspect).rounded()))
            return (0, (rows - height) / 2, columns, height)
        }
        let width = min(columns, Int((Double(rows) * cellAspect * aspect).rounded()))
        return ((columns - width) / 2, 0, width, rows)
    }

    /// The cell shape from the terminal's reported pixel size (TIOCGWINSZ), 2 when unknown.
    public static func cellAspect(pixelWidth: Int, pixelHeight: Int, columns: Int, rows: Int) -> Double {
        guard pixelWidth > 0, pixelHeight > 0, columns > 0, rows > 0 else { return 2 }
        let aspect = (Double(pixelHeight) / Double(rows)) / (Double(pixelWidth) / Double(columns))
        return (0.5...4).contains(aspect) ? aspect : 2
    }
}
