import PlaybackStates

/// Turns pixels into cells (pure): `half` puts the top pixel in the foreground of `▀` and the
/// bottom one in its background; `quadrant` and `sextant` split each cell's pixels into two
/// groups along the colour channel that varies most, take each group's mean as its colour and
/// pick the block glyph of that split. Colours go through the ``ColorQuantizer`` with the
/// previous grid's colours for hysteresis. Monochrome draws the pattern of bright pixels.
struct VideoCellRenderer {
    let glyphs: VideoGlyphs
    let quantizer: ColorQuantizer
    /// Below this spread (largest channel range in a cell) a cell is one flat colour.
    var flatThreshold = 24

    init(glyphs: VideoGlyphs, depth: ColorDepth) {
        self.glyphs = glyphs
        self.quantizer = ColorQuantizer(depth: depth)
    }

    /// The grid for `pixels` (which must be `columns × pixelsPerCell` wide and tall).
    func render(_ pixels: VideoPixels, columns: Int, rows: Int, previous: CellGrid?) -> CellGrid {
        var grid = CellGrid(columns: columns, rows: rows)
        let (pw, ph) = glyphs.pixelsPerCell
        guard pixels.width >= columns * pw, pixels.height >= rows * ph else { return grid }
        let usable = previous.flatMap { $0.columns == columns && $0.rows == rows ? $0 : nil }
        var block = [RGB](repeating: RGB(0, 0, 0), count: pw * ph)
        for row in 0..<rows {
            for column in 0..<columns {
                for dy in 0..<ph {
                    for dx in 0..<pw { block[dy * pw + dx] = pixels.pixel(x: column * pw + dx, y: row * ph + dy) }
                }
                grid[column, row] = cell(for: block, previous: usable?[column, row])
            }
        }
        return grid
    }

    /// One cell from its pixels (row by row).
    func cell(for block: [RGB], previous: VideoCell?) -> VideoCell {
        if quantizer.depth == .monochrome {
            var mask = 0
            for (bit, pixel) in block.enumerated() where pixel.luma >= 128 { mask |= 1 << bit }
            return VideoCell(glyph: glyphs.glyph(mask: mask), foreground: .terminalDefault, background: .terminalDefault)
        }
        if glyphs == .half {
            return VideoCell(glyph: 0x2580, foreground: quantizer.color(for: block[0], previous: previous?.foreground),
                             background: quantizer.color(for: block[1], previous: previous?.background))
        }
        let (mask, on, off) = Self.split(block, flatThreshold: flatThreshold)
        guard mask != 0 else {
            let color = quantizer.color(for: off, previous: previous?.background)
            return VideoCell(glyph: 0x20, foreground: previous?.foreground ?? color, background: color)
        }
        let foreground = quantizer.color(for: on, previous: previous?.foreground)
        let background = quantizer.color(for: off, previous: previous?.background)
        if foreground == background { return VideoCell(glyph: 0x20, foreground: foreground, background: background) }
        return VideoCell(glyph: glyphs.glyph(mask: mask), foreground: foreground, background: background)
    }

    /// The two-colour choice: the pixels above the middle of the widest channel form the "on"
    /// group (`mask`), the rest the "off" group; each colour is its group's mean. The first
    /// pixel is always "off" so the same picture always gets the same glyph. A flat block gives
    /// mask 0 and its mean as `off`.
    static func split(_ block: [RGB], flatThreshold: Int) -> (mask: Int, on: RGB, off: RGB) {
        var low = (255, 255, 255), high = (0, 0, 0)
        for p in block {
            low = (min(low.0, Int(p.red)), min(low.1, Int(p.green)), min(low.2, Int(p.blue)))
            high = (max(high.0, Int(p.red)), max(high.1, Int(p.green)), max(high.2, Int(p.blue)))
        }
        let ranges = (high.0 - low.0, high.1 - low.1, high.2 - low.2)
        let widest = max(ranges.0, ranges.1, ranges.2)
        guard widest >= flatThreshold else { return (0, RGB(0, 0, 0), mean(block, mask: nil)) }
        let channel = ranges.0 == widest ? 0 : ranges.1 == widest ? 1 : 2
        let middle = channel == 0 ? (low.0 + high.0) / 2 : channel == 1 ? (low.1 + high.1) / 2 : (low.2 + high.2) / 2
        var mask = 0
        for (bit, p) in block.enumerated() {
            let value = channel == 0 ? Int(p.red) : channel == 1 ? Int(p.green) : Int(p.blue)
            if value > middle { mask |= 1 << bit }
        }
        let full = (1 << block.count) - 1
        if mask & 1 != 0 { mask = ~mask & full }
        return (mask, mean(block, mask: mask), mean(block, mask: ~mask & full))
    }

    /// Mean colour of the pixels whose bit is set in `mask` (all pixels when nil).
    static func mean(_ block: [RGB], mask: Int?) -> RGB {
        var sum = (0, 0, 0), count = 0
        for (bit, p) in block.enumerated() where mask == nil || mask! & (1 << bit) != 0 {
            sum = (sum.0 + Int(p.red), sum.1 + Int(p.green), sum.2 + Int(p.blue))
            count += 1
        }
        guard count > 0 else { return RGB(0, 0, 0) }
        return RGB(UInt8(sum.0 / count), UInt8(sum.1 / count), UInt8(sum.2 / count))
    }
}
