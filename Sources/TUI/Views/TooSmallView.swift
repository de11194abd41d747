/// Shown instead of everything else below 40×12; the screen recovers on resize.
struct TooSmallView: PaneView {
    let columns: Int
    let rows: Int

    func draw(on canvas: any Canvas) {
        canvas.clear(.normal)
        let middle = max(0, canvas.height / 2 - 1)
        canvas.putCentered("Terminal too small", y: middle, style: .error)
        canvas.putCentered("\(columns)×\(rows), need \(ScreenLayout.minimumColumns)×\(ScreenLayout.minimumRows)", y: middle + 1, style: .dim)
    }
}
