/// One cell of terminal video: a glyph drawn in `foreground` over `background`.
struct VideoCell: Hashable {
    var glyph: UInt32
    var foreground: CellColor
    var background: CellColor

    static let blank = VideoCell(glyph: 0x20, foreground: .terminalDefault, background: .terminalDefault)
}

/// The video pane as cells, row by row; what the renderer makes and the encoder diffs.
struct CellGrid: Equatable {
    let columns: Int
    let rows: Int
    var cells: [VideoCell]

    init(columns: Int, rows: Int, filling cell: VideoCell = .blank) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        cells = Array(repeating: cell, count: self.columns * self.rows)
    }

    subscript(column: Int, row: Int) -> VideoCell {
        get { cells[row * columns + column] }
        set { cells[row * columns + column] = newValue }
    }

    /// Indices of the cells that differ from `shown` (all of them when the sizes differ or
    /// nothing is shown): the only cells worth writing.
    func changedIndices(since shown: CellGrid?) -> [Int] {
        guard let shown, shown.columns == columns, shown.rows == rows else { return Array(cells.indices) }
        return cells.indices.filter { cells[$0] != shown.cells[$0] }
    }
}
