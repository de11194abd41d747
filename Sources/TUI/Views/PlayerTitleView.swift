/// The player pane's title line: a rule with the event's title; highlighted when the player has focus.
struct PlayerTitleView: PaneView {
    let title: String
    let subtitle: String
    let isFocused: Bool

    func draw(on canvas: any Canvas) {
        canvas.put(String(repeating: "─", count: canvas.width), x: 0, y: 0, style: .divider)
        let style: TextStyle = isFocused ? .paneTitleFocused : .paneTitle
        var right = canvas.width
        if !subtitle.isEmpty, canvas.width > 40 {
            right = canvas.putRight(" \(subtitle) ", y: 0, margin: 1, style: .divider)
        }
        let label = title.isEmpty ? " Player " : " Player: \(title) "
        canvas.put(DisplayWidth.truncate(label, to: max(0, right - 2)), x: 1, y: 0, style: style)
    }
}
