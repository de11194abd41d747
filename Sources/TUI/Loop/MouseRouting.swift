/// Mouse clicks and wheel as actions, as a pure function of the layout and the screen.
enum MouseRouting {
    static func action(column: Int, row: Int, button: MouseButton, layout: ScreenLayout,
                       screen: ScreenSnapshot, listTop: Int) -> UserAction? {
        guard layout.tooSmall == nil, screen.signIn == nil, screen.timelineView == nil, screen.montage == nil, screen.overlay == nil, screen.picker == nil else { return nil }
        let count = screen.list.rows.count
        let selected = min(max(0, screen.list.selectedIndex), max(0, count - 1))
        switch button {
        case .wheelUp, .wheelDown:
            guard layout.list.contains(column: column, row: row), count > 0 else { return nil }
            let step = button == .wheelUp ? -3 : 3
            return .select(index: min(max(0, selected + step), count - 1))
        case .left:
            if layout.slider.contains(column: column, row: row), let player = screen.player,
               let fraction = SliderGeometry(width: layout.slider.width, duration: player.duration, fractions: player.showsFrameTime)
                   .fraction(forColumn: column - layout.slider.x),
               (player.duration ?? 0) > 0 {
                return .seek(toFraction: fraction)
            }
            if layout.list.contains(column: column, row: row), row > layout.list.y {
                let index = listTop + row - layout.list.y - 1
                guard index < count else { return nil }
                return index == selected && screen.focus == .list ? .play : .select(index: index)
            }
            if layout.video.contains(column: column, row: row) || layout.playerTitle.contains(column: column, row: row) {
                return screen.focus == .player ? nil : .focus(.player)
            }
            return nil
        }
    }
}
