import PlaybackStates

/// The status bar: playback state, load state, finish reason, mute/volume, network on the left;
/// the key hints of the focused context on the right (dropped from the end when space runs out).
struct StatusBarView: PaneView {
    let segments: [Segment]
    let hints: [String]

    struct Segment: Hashable {
        let text: String
        let style: TextStyle
    }

    init(player: PlayerPaneSnapshot?, hints: [String]) {
        var segments: [Segment] = []
        if let player {
            segments.append(.init(text: player.playback.label, style: .statusState))
            if !player.load.label.isEmpty { segments.append(.init(text: player.load.label, style: .status)) }
            if let finish = player.finish {
                let isError = if case .error = finish { true } else { false }
                segments.append(.init(text: finish.label, style: isError ? .statusError : .status))
            }
            segments.append(.init(text: player.isMuted ? "muted" : "vol \(player.volume)%", style: .status))
            if !player.networkText.isEmpty { segments.append(.init(text: player.networkText, style: .status)) }
        } else {
            segments.append(.init(text: PlaybackState.stopped.label, style: .statusState))
        }
        self.segments = segments
        self.hints = hints
    }

    func draw(on canvas: any Canvas) {
        canvas.fillRow(0, style: .status)
        var x = 1
        for (index, segment) in segments.enumerated() {
            if index > 0 { x = canvas.put(" │ ", x: x, y: 0, style: .status) }
            x = canvas.put(segment.text, x: x, y: 0, style: segment.style)
        }
        var shown = hints
        while !shown.isEmpty, x + 3 + DisplayWidth.of(shown.joined(separator: "  ")) > canvas.width - 1 {
            shown.removeLast()
        }
        if !shown.isEmpty { canvas.putRight(shown.joined(separator: "  "), y: 0, margin: 1, style: .statusHint) }
    }
}
