internal import CNcurses

/// A ``Canvas`` over one ncurses window (a view owns it).
final class CursesCanvas: Canvas {
    let window: UnsafeMutablePointer<WINDOW>
    let palette: CursesPalette
    let width: Int
    let height: Int

    init(window: UnsafeMutablePointer<WINDOW>, palette: CursesPalette) {
        self.window = window
        self.palette = palette
        width = Int(cn_getmaxx(window))
        height = Int(cn_getmaxy(window))
    }

    func clear(_ style: TextStyle) {
        let (attr, pair) = palette.attributes(style)
        wattr_set(window, attr, pair, nil)
        werase(window)
        for y in 0..<height { fillRow(y, style: style) }
    }

    @discardableResult
    func put(_ text: String, x: Int, y: Int, style: TextStyle) -> Int {
        guard y >= 0, y < height, x < width else { return x }
        var column = x
        var chars: [wchar_t] = []
        var start = x
        for character in text {
            let w = DisplayWidth.of(character)
            if w == 0 { continue }
            if column + w > width { break }
            if column < 0 { column += w; start = column; continue }
            chars.append(contentsOf: character.unicodeScalars.map { wchar_t(bitPattern: $0.value) })
            column += w
        }
        guard !chars.isEmpty else { return column }
        let (attr, pair) = palette.attributes(style)
        wattr_set(window, attr, pair, nil)
        let count = Int32(chars.count)
        chars.append(0)
        _ = chars.withUnsafeBufferPointer { mvwaddnwstr(window, Int32(y), Int32(start), $0.baseAddress, count) }
        return column
    }
}
