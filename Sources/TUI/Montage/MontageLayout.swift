/// Where a montage's tiles go, as a pure function of the space they share: one tile takes it all,
/// two go side by side when that gives each a wider than tall picture (else one above the other),
/// three and four make a 2×2 grid. Each tile has a title line and its video below.
///
/// ```swift
/// let tiles = MontageLayout.tiles(count: 4, in: Rect(x: 0, y: 1, width: 160, height: 46))
/// tiles[1].video   // the top right tile's picture
/// ```
public enum MontageLayout {
    public struct Tile: Hashable, Sendable {
        public var title: Rect
        public var video: Rect
    }

    /// The montage's body: the screen but the header, the slider, the status and message lines.
    public static func body(columns: Int, rows: Int) -> Rect {
        Rect(x: 0, y: 1, width: columns, height: max(0, rows - 4))
    }

    /// The slider line, under the tiles.
    public static func slider(columns: Int, rows: Int) -> Rect {
        Rect(x: 0, y: max(0, rows - 3), width: columns, height: 1)
    }

    public static func tiles(count: Int, in body: Rect) -> [Tile] {
        guard count > 0 else { return [] }
        let cells: [Rect]
        switch count {
        case 1:
            cells = [body]
        case 2:
            // A cell is about twice as tall as wide: side by side when each half is still wider than tall.
            let sideBySide = body.width / 2 >= body.height * 2
            cells = sideBySide ? split(body, columns: 2, rows: 1) : split(body, columns: 1, rows: 2)
        default:
            cells = Array(split(body, columns: 2, rows: 2).prefix(count))
        }
        return cells.map { cell in
            Tile(title: Rect(x: cell.x, y: cell.y, width: cell.width, height: min(1, cell.height)),
                 video: Rect(x: cell.x, y: cell.y + 1, width: cell.width, height: max(0, cell.height - 1)))
        }
    }

    /// `rect` cut into a grid; the last column and row take what division leaves, and one column
    /// between tiles stays empty so that pictures never touch.
    private static func split(_ rect: Rect, columns: Int, rows: Int) -> [Rect] {
        let gap = columns > 1 ? 1 : 0
        let width = (rect.width - gap * (columns - 1)) / columns
        let height = rect.height / rows
        var out: [Rect] = []
        for row in 0..<rows {
            for column in 0..<columns {
                let x = rect.x + column * (width + gap)
                let y = rect.y + row * height
                let w = column == columns - 1 ? rect.maxX - x : width
                let h = row == rows - 1 ? rect.maxY - y : height
                out.append(Rect(x: x, y: y, width: max(0, w), height: max(0, h)))
            }
        }
        return out
    }
}
