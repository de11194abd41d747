/// Where views draw: a rectangle of cells in local coordinates. The ncurses implementation is a window;
/// ``GridCanvas`` is an in-memory grid for golden tests.
///
/// ```swift
/// canvas.clear(.normal)
/// canvas.put("Playing", x: 1, y: 0, style: .statusState)
/// ```
public protocol Canvas: AnyObject {
    var width: Int { get }
    var height: Int { get }
    /// Fills the whole canvas with spaces in `style`.
    func clear(_ style: TextStyle)
    /// Draws `text` at (x, y), clipped to the canvas; returns the column after the text.
    @discardableResult
    func put(_ text: String, x: Int, y: Int, style: TextStyle) -> Int
}

extension Canvas {
    /// Fills row `y` with spaces in `style`.
    public func fillRow(_ y: Int, style: TextStyle) {
        put(String(repeating: " ", count: width), x: 0, y: y, style: style)
    }

    /// Draws `text` so it ends at the right edge (minus `margin`).
    @discardableResult
    public func putRight(_ text: String, y: Int, margin: Int = 0, style: TextStyle) -> Int {
        let x = max(0, width - margin - DisplayWidth.of(text))
        put(text, x: x, y: y, style: style)
        return x
    }

    /// Draws `text` centred on row `y`.
    public func putCentered(_ text: String, y: Int, style: TextStyle) {
        let cut = DisplayWidth.truncate(text, to: width)
        put(cut, x: max(0, (width - DisplayWidth.of(cut)) / 2), y: y, style: style)
    }

    /// Draws a box with wide-character line drawing (no ACS) and an optional title.
    public func box(_ rect: Rect, title: String = "", style: TextStyle, titleStyle: TextStyle) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let inner = rect.width - 2
        put("┌" + String(repeating: "─", count: inner) + "┐", x: rect.x, y: rect.y, style: style)
        for row in 1..<(rect.height - 1) {
            put("│", x: rect.x, y: rect.y + row, style: style)
            put(String(repeating: " ", count: inner), x: rect.x + 1, y: rect.y + row, style: style)
            put("│", x: rect.maxX - 1, y: rect.y + row, style: style)
        }
        put("└" + String(repeating: "─", count: inner) + "┘", x: rect.x, y: rect.maxY - 1, style: style)
        if !title.isEmpty, inner > 4 {
            put(" " + DisplayWidth.truncate(title, to: inner - 4) + " ", x: rect.x + 2, y: rect.y, style: titleStyle)
        }
    }
}
