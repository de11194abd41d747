/// Escape sequences for the changed cells of a grid, placed at the pane's screen offset:
/// one cursor move per run of changed cells, colours only when they change, the whole frame
/// inside synchronized output (`CSI ?2026h … CSI ?2026l`) and DECSC/DECRC (`ESC 7 … ESC 8`) so
/// ncurses' idea of the cursor position and attributes stays true.
struct VideoEncoder {
    let depth: ColorDepth
    /// Appends the bytes that turn `shown` into `grid` at (`left`, `top`) (0-based screen cells)
    /// to `out`; nothing when no cell changed. Returns the number of cells written.
    @discardableResult
    func encode(_ grid: CellGrid, since shown: CellGrid?, left: Int, top: Int, into out: inout [UInt8]) -> Int {
        let changed = grid.changedIndices(since: shown)
        guard !changed.isEmpty else { return 0 }
        out += Self.begin
        var cursor = -1
        var foreground: CellColor?, background: CellColor?
        if depth == .monochrome { out += Array("\u{1B}[0m".utf8) }
        for index in changed {
            let cell = grid.cells[index]
            let (row, column) = index.quotientAndRemainder(dividingBy: grid.columns)
            if index != cursor { Self.appendMove(row: top + row, column: left + column, to: &out) }
            if depth != .monochrome, cell.foreground != foreground || cell.background != background {
                appendColors(cell, foreground: foreground, background: background, to: &out)
                (foreground, background) = (cell.foreground, cell.background)
            }
            appendUTF8(cell.glyph, to: &out)
            cursor = column + 1 < grid.columns ? index + 1 : -1
        }
        out += Self.end
        return changed.count
    }

    static let begin: [UInt8] = Array("\u{1B}[?2026h\u{1B}7".utf8)
    static let end: [UInt8] = Array("\u{1B}8\u{1B}[?2026l".utf8)

    /// An image (sixel or kitty) drawn from the cell at (`left`, `top`), inside synchronized output
    /// and DECSC/DECRC like the cells.
    static func appendPlaced(_ image: [UInt8], left: Int, top: Int, to out: inout [UInt8]) {
        out += begin
        appendMove(row: top, column: left, to: &out)
        out += image
        out += end
    }

    /// `CSI row;column H` for the 0-based cell (`row`, `column`).
    static func appendMove(row: Int, column: Int, to out: inout [UInt8]) {
        out += [0x1B, 0x5B]
        Self.appendNumber(row + 1, to: &out)
        out.append(0x3B)
        Self.appendNumber(column + 1, to: &out)
        out.append(0x48)   // H
    }

    private func appendColors(_ cell: VideoCell, foreground: CellColor?, background: CellColor?, to out: inout [UInt8]) {
        out += [0x1B, 0x5B]
        var first = true
        if cell.foreground != foreground { appendColor(cell.foreground, base: 30, first: &first, to: &out) }
        if cell.background != background { appendColor(cell.background, base: 40, first: &first, to: &out) }
        out.append(0x6D)   // m
    }

    private func appendColor(_ color: CellColor, base: Int, first: inout Bool, to out: inout [UInt8]) {
        if !first { out.append(0x3B) }
        first = false
        switch depth {
        case .truecolor where !color.isIndexed:
            let rgb = color.shown
            Self.appendNumber(base + 8, to: &out)
            out += [0x3B, 0x32, 0x3B]   // ;2;
            Self.appendNumber(Int(rgb.red), to: &out); out.append(0x3B)
            Self.appendNumber(Int(rgb.green), to: &out); out.append(0x3B)
            Self.appendNumber(Int(rgb.blue), to: &out)
        case .palette8:
            Self.appendNumber(base + color.index % 8, to: &out)
        default:
            Self.appendNumber(base + 8, to: &out)
            out += [0x3B, 0x35, 0x3B]   // ;5;
            Self.appendNumber(color.index, to: &out)
        }
    }

    /// A non-negative number in decimal, the one writer of numbers in escape sequences and sixel.
    @inline(__always)
    static func appendNumber(_ value: Int, to out: inout [UInt8]) {
        if value >= 10 { appendNumber(value / 10, to: &out) }
        out.append(UInt8(0x30 + value % 10))
    }

    private func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case 0..<0x80: out.append(UInt8(scalar))
        case 0x80..<0x800: out += [UInt8(0xC0 | scalar >> 6), UInt8(0x80 | scalar & 0x3F)]
        case 0x800..<0x10000:
            out += [UInt8(0xE0 | scalar >> 12), UInt8(0x80 | scalar >> 6 & 0x3F), UInt8(0x80 | scalar & 0x3F)]
        default:
            out += [UInt8(0xF0 | scalar >> 18), UInt8(0x80 | scalar >> 12 & 0x3F),
                    UInt8(0x80 | scalar >> 6 & 0x3F), UInt8(0x80 | scalar & 0x3F)]
        }
    }
}
