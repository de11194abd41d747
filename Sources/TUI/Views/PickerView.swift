/// A boxed pick list (the `c` camera picker): the selected item highlighted, the one in force
/// marked with •, a camera's health at the right of its row, scrolled so the selection stays visible.
struct PickerView: PaneView {
    let picker: PickerSnapshot

    /// The box for `picker` on a screen of `layout`: as wide as the longest item (within the
    /// screen), as tall as the items (at most the body).
    static func rect(for picker: PickerSnapshot, layout: ScreenLayout) -> Rect {
        let widest = picker.items.indices.map { DisplayWidth.of(picker.items[$0]) + badgeWidth(picker, $0) }.max() ?? 0
        let width = min(layout.columns - 2, max(30, widest + 8, DisplayWidth.of(picker.title) + 8))
        let height = min(layout.rows - 3, picker.items.count + 4)
        return Rect(x: (layout.columns - width) / 2, y: 2, width: width, height: height)
    }

    /// The columns row `index`'s health takes (its text and two spaces before it), 0 without.
    private static func badgeWidth(_ picker: PickerSnapshot, _ index: Int) -> Int {
        guard picker.badges.indices.contains(index), let badge = picker.badges[index] else { return 0 }
        return DisplayWidth.of(badge.text) + 2
    }

    func draw(on canvas: any Canvas) {
        let rect = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        canvas.box(rect, title: picker.title, style: .overlay, titleStyle: .overlayTitle)
        let page = max(1, canvas.height - 4)
        let selected = min(max(0, picker.selectedIndex), max(0, picker.items.count - 1))
        let top = ListViewport.top(current: 0, selected: selected, count: picker.items.count, height: page)
        let inner = canvas.width - 4
        for (offset, item) in picker.items.dropFirst(top).prefix(page).enumerated() {
            let index = top + offset
            let mark = index == picker.currentIndex ? "• " : "  "
            let badge = picker.badges.indices.contains(index) ? picker.badges[index] : nil
            let room = max(0, inner - (badge.map { DisplayWidth.of($0.text) + 2 } ?? 0))
            let line = DisplayWidth.pad(DisplayWidth.truncate(mark + item, to: room), to: inner)
            canvas.put(line, x: 2, y: 2 + offset, style: index == selected ? .selected : .overlay)
            if let badge, room > 0 {
                let text = DisplayWidth.truncate(badge.text, to: inner - room)
                canvas.put(text, x: 2 + inner - DisplayWidth.of(text), y: 2 + offset, style: index == selected ? .selected : badge.style)
            }
        }
        canvas.putRight(" Enter picks · Esc closes ", y: canvas.height - 1, margin: 2, style: .overlayTitle)
    }
}
