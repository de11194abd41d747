/// Renders a whole screen into text without a terminal (golden tests, debugging).
///
/// ```swift
/// let text = OffscreenRenderer.render(screen, columns: 80, rows: 24)
/// print(text)
/// ```
public enum OffscreenRenderer {
    /// Draws every view of `screen` at this size; `overlayScroll` scrolls an open overlay.
    public static func render(_ screen: ScreenSnapshot, columns: Int, rows: Int,
                              keyMap: KeyMap = .defaults, overlayScroll: Int = 0) -> String {
        grid(screen, columns: columns, rows: rows, keyMap: keyMap, overlayScroll: overlayScroll).text
    }

    /// Like ``render(_:columns:rows:keyMap:overlayScroll:)`` but returns the grid (styles included).
    public static func grid(_ screen: ScreenSnapshot, columns: Int, rows: Int,
                            keyMap: KeyMap = .defaults, overlayScroll: Int = 0) -> GridCanvas {
        let grid = GridCanvas(width: columns, height: rows)
        var state = ViewState(overlayScroll: overlayScroll)
        let layout = ScreenLayout(columns: columns, rows: rows)
        for pane in ScreenComposer.panes(screen, layout: layout, keyMap: keyMap, state: &state) {
            pane.view.draw(on: grid.region(pane.rect))
        }
        return grid
    }
}
