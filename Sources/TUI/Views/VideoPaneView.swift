/// The video pane. For now a poster: what plays and where the video goes.
/// Seam: when ``PlayerSnapshot/frame`` is set, terminal video will be drawn here (later issue).
struct VideoPaneView: PaneView {
    let player: PlayerSnapshot?

    func draw(on canvas: any Canvas) {
        canvas.clear(.normal)
        guard let player else {
            let middle = max(0, canvas.height / 2 - 1)
            canvas.putCentered("Nothing playing", y: middle, style: .dim)
            canvas.putCentered("Select an event and press Enter", y: middle + 1, style: .dim)
            return
        }
        var lines: [(String, TextStyle)] = [(player.title, .paneTitle)]
        if !player.subtitle.isEmpty { lines.append((player.subtitle, .dim)) }
        if let frame = player.frame {
            lines.append(("terminal video \(frame.width)×\(frame.height)", .dim))
        } else if !player.videoModeText.isEmpty {
            lines.append((player.videoModeText, .dim))
        }
        if case .stalled(let percent) = player.load { lines.append(("buffering… \(max(0, min(100, percent)))%", .prompt)) }
        if case .error(let message) = player.finish { lines.append(("✖ " + message, .error)) }
        let top = max(0, (canvas.height - lines.count) / 2)
        for (offset, line) in lines.enumerated() where top + offset < canvas.height {
            canvas.putCentered(line.0, y: top + offset, style: line.1)
        }
    }
}
