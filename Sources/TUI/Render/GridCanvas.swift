/// An in-memory canvas: a grid of cells for off-screen rendering and golden tests.
///
/// ```swift
/// let grid = GridCanvas(width: 80, height: 24)
/// let region = grid.region(Rect(x: 0, y: 23, width: 80, height: 1))
/// region.put("hello", x: 0, y: 0, style: .normal)
/// print(grid.text)
/// ```
public final class GridCanvas: Canvas {
    final class Buffer {
        let width: Int
        let height: Int
        /// "" marks the right half of a wide character.
        var cells: [[String]]
        var styles: [[TextStyle]]

        init(width: Int, height: Int) {
            self.width = width
            self.height = height
            cells = Array(repeating: Array(repeating: " ", count: width), count: height)
            styles = Array(repeating: Array(repeating: .normal, count: width), count: height)
        }
    }

    let buffer: Buffer
    let origin: Rect

    public init(width: Int, height: Int) {
        buffer = Buffer(width: width, height: height)
        origin = Rect(x: 0, y: 0, width: width, height: height)
    }

    init(buffer: Buffer, origin: Rect) {
        self.buffer = buffer
        self.origin = origin
    }

    /// A canvas drawing into `rect` of this grid (clipped to it).
    public func region(_ rect: Rect) -> GridCanvas {
        GridCanvas(buffer: buffer, origin: Rect(x: origin.x + rect.x, y: origin.y + rect.y, width: rect.width, height: rect.height))
    }

    public var width: Int { origin.width }
    public var height: Int { origin.height }

    public func clear(_ style: TextStyle) {
        for y in 0..<height { fillRow(y, style: style) }
    }

    @discardableResult
    public func put(_ text: String, x: Int, y: Int, style: TextStyle) -> Int {
        guard y >= 0, y < height, x < width else { return x }
        var column = x
        for character in text {
            let w = DisplayWidth.of(character)
            if w == 0 { continue }
            if column + w > width { break }
            if column >= 0 { set(String(character), style: style, x: column, y: y, wide: w == 2) }
            column += w
        }
        return column
    }

    private func set(_ cell: String, style: TextStyle, x: Int, y: Int, wide: Bool) {
        let gx = origin.x + x, gy = origin.y + y
        guard gy >= 0, gy < buffer.height, gx >= 0, gx < buffer.width else { return }
        buffer.cells[gy][gx] = cell
        buffer.styles[gy][gx] = style
        if wide, gx + 1 < buffer.width {
            buffer.cells[gy][gx + 1] = ""
            buffer.styles[gy][gx + 1] = style
        }
    }

    /// The whole grid as text, one line per row, trailing spaces removed.
    public var text: String {
        buffer.cells.map { row in
            var line = row.joined()
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }.joined(separator: "\n") + "\n"
    }

    /// The style of a cell (tests).
    public func style(x: Int, y: Int) -> TextStyle { buffer.styles[origin.y + y][origin.x + x] }
}
