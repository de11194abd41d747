import PlaybackStates

/// The video pane: a poster (what plays and where the video goes), or, with terminal video, a
/// blank area that ``TerminalVideo`` draws frames into (a pane too small for video keeps the poster).
/// Holds only what it draws, so the 1 s progress tick does not redraw it.
struct VideoPaneView: PaneView {
    let hasPlayer: Bool
    let title: String
    let subtitle: String
    let videoModeText: String
    let showsVideo: Bool
    let stalledPercent: Int?
    let errorMessage: String?

    init(player: PlayerPaneSnapshot?) {
        hasPlayer = player != nil
        title = player?.title ?? ""
        subtitle = player?.subtitle ?? ""
        // Without what the link allows (`· link 95 kB/s · 4 fps`, for the status bar): it changes
        // every second, and a redraw of this pane makes the picture over it be written whole again.
        videoModeText = (player?.videoModeText ?? "").components(separatedBy: " · link ").first ?? ""
        showsVideo = player?.showsVideo ?? false
        if case .stalled(let percent) = player?.load { stalledPercent = max(0, min(100, percent ?? 0)) } else { stalledPercent = nil }
        if case .error(let message) = player?.finish { errorMessage = message } else { errorMessage = nil }
    }

    func draw(on canvas: any Canvas) {
        canvas.clear(.normal)
        if showsVideo, VideoGeometry(columns: canvas.width, rows: canvas.height, glyphs: .half).showsVideo { return }
        guard hasPlayer else {
            let middle = max(0, canvas.height / 2 - 1)
            canvas.putCentered("Nothing playing", y: middle, style: .dim)
            canvas.putCentered("Select an event and press Enter", y: middle + 1, style: .dim)
            return
        }
        var lines: [(String, TextStyle)] = [(title, .paneTitle)]
        if !subtitle.isEmpty { lines.append((subtitle, .dim)) }
        if !videoModeText.isEmpty {
            lines.append((videoModeText, .dim))
        }
        if let stalledPercent { lines.append(("buffering… \(stalledPercent)%", .prompt)) }
        if let errorMessage { lines.append(("✖ " + errorMessage, .error)) }
        let top = max(0, (canvas.height - lines.count) / 2)
        for (offset, line) in lines.enumerated() where top + offset < canvas.height {
            canvas.putCentered(line.0, y: top + offset, style: line.1)
        }
    }
}
