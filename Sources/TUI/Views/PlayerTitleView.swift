/// The player pane's title line: a rule with the event's title; highlighted when the player has focus.
struct PlayerTitleView: PaneView {
    let title: String
    let subtitle: String
    let isFocused: Bool
    /// Cells the title keeps before the subtitle is left out.
    static let minimumTitle = 24

    func draw(on canvas: any Canvas) {
        canvas.put(String(repeating: "─", count: canvas.width), x: 0, y: 0, style: .divider)
        let style: TextStyle = isFocused ? .paneTitleFocused : .paneTitle
        var right = canvas.width
        let label = title.isEmpty ? " Player " : " Player: \(title) "
        let note = " \(subtitle) "
        // The subtitle (also shown in the video pane) only where the title keeps enough room.
        if !subtitle.isEmpty, canvas.width - DisplayWidth.of(note) - 3 >= min(DisplayWidth.of(label), Self.minimumTitle) {
            right = canvas.putRight(note, y: 0, margin: 1, style: .divider)
        }
        canvas.put(DisplayWidth.truncate(label, to: max(0, right - 2)), x: 1, y: 0, style: style)
    }
}
