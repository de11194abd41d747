/// The vertical line between list and player (side by side).
struct DividerView: PaneView {
    let height: Int

    func draw(on canvas: any Canvas) {
        for y in 0..<canvas.height { canvas.put("│", x: 0, y: y, style: .divider) }
    }
}
