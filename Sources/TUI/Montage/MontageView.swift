/// The montage's tiles (``MontageScreen``): each a title line (the focused one highlighted) over
/// its picture, which ``TerminalVideo`` draws; a tile without a picture says why in its middle
/// ("no recording · next 14:05", "loading", the stream's error).
struct MontageView: PaneView {
    /// Only what the tiles draw (the clock and the drift change every turn; a redraw here makes
    /// every picture under it be written again).
    let tiles: [MontageScreen.Tile]
    /// Each tile's place, relative to this view's canvas.
    let places: [MontageLayout.Tile]

    func draw(on canvas: any Canvas) {
        canvas.clear(.normal)
        for (tile, place) in zip(tiles, places) {
            let style: TextStyle = tile.isFocused ? .paneTitleFocused : .paneTitle
            let rule = String(repeating: "─", count: max(0, place.title.width))
            canvas.put(rule, x: place.title.x, y: place.title.y, style: .divider)
            let marker = tile.isFocused ? "♪ " : ""
            let title = DisplayWidth.truncate(" \(marker)\(tile.title) ", to: max(0, place.title.width - 2))
            canvas.put(title, x: place.title.x + 1, y: place.title.y, style: style)
            if !tile.showsVideo, place.video.height > 0 {
                // Wrapped and centred: an error is read here whole (the last line cut when the tile is short).
                var lines = DisplayWidth.wrap(tile.detail, to: max(1, place.video.width - 2))
                if lines.count > place.video.height {
                    lines = Array(lines.prefix(place.video.height))
                    lines[lines.count - 1] = DisplayWidth.truncate(lines[lines.count - 1] + " …", to: max(1, place.video.width - 2))
                }
                let top = place.video.y + max(0, (place.video.height - lines.count) / 2)
                for (offset, line) in lines.enumerated() {
                    let x = place.video.x + max(0, (place.video.width - DisplayWidth.of(line)) / 2)
                    canvas.put(line, x: x, y: top + offset, style: tile.isError ? .error : .dim)
                }
            }
        }
    }
}

/// The montage's one slider: the wall-clock range of its events, the knob at the clock, the times
/// at both ends and the clock's own time.
struct MontageSliderView: PaneView {
    let montage: MontageScreen

    func draw(on canvas: any Canvas) {
        canvas.clear(.normal)
        let left = " " + montage.rangeStartText + " "
        let right = " " + montage.rangeEndText + "  " + montage.clockText + " "
        var x = canvas.put(left, x: 0, y: 0, style: .time)
        let width = canvas.width - x - DisplayWidth.of(right)
        guard width > 2, let fraction = montage.fraction else {
            canvas.putRight(montage.clockText + " ", y: 0, style: .time)
            return
        }
        let knob = min(width - 1, max(0, Int((Double(width - 1) * min(1, max(0, fraction))).rounded())))
        x = canvas.put(String(repeating: "━", count: knob), x: x, y: 0, style: .played)
        x = canvas.put("●", x: x, y: 0, style: .knob)
        x = canvas.put(String(repeating: "─", count: width - knob - 1), x: x, y: 0, style: .remaining)
        canvas.put(right, x: x, y: 0, style: .time)
    }
}
