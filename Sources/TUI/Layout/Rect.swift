/// A rectangle of terminal cells (x: column, y: row).
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    public var isEmpty: Bool { width == 0 || height == 0 }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }

    public func contains(column: Int, row: Int) -> Bool {
        column >= x && column < maxX && row >= y && row < maxY
    }

    /// The same rectangle moved by `dx` columns and `dy` rows.
    public func offsetBy(dx: Int = 0, dy: Int = 0) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
