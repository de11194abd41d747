import PlaybackStates

/// The status bar: playback state, load state, finish reason, mute/volume, video mode, download
/// rate (while the proxy downloads), network on the left;
/// the key hints of the focused context on the right (dropped from the end when space runs out).
/// When the segments are wider than the bar, the longest (a long error) is cut with "…" so the
/// others (volume, network) stay visible; the message line and the request log show errors whole.
struct StatusBarView: PaneView {
    let segments: [Segment]
    let hints: [String]

    struct Segment: Hashable {
        let text: String
        let style: TextStyle
    }

    init(player: PlayerPaneSnapshot?, hints: [String], exportText: String? = nil, isAutoAdvance: Bool = false) {
        var segments: [Segment] = []
        if let player, !player.liveSegments.isEmpty {
            for (index, text) in player.liveSegments.enumerated() {
                let last = index == player.liveSegments.count - 1
                segments.append(.init(text: text, style: index == 0 ? .statusState : last && player.isLiveStalled ? .statusError : .status))
            }
            if player.playback == .paused { segments.append(.init(text: player.playback.label, style: .statusState)) }
            if let finish = player.finish {
                let isError = if case .error = finish { true } else { false }
                segments.append(.init(text: isError ? finish.label : "feed ended", style: isError ? .statusError : .status))
            }
            segments.append(.init(text: player.isMuted ? "muted" : "vol \(player.volume)%", style: .status))
            if !player.videoModeText.isEmpty { segments.append(.init(text: player.videoModeText, style: .status)) }
            if !player.networkText.isEmpty { segments.append(.init(text: player.networkText, style: .status)) }
        } else if let player {
            segments.append(.init(text: player.playback.label, style: .statusState))
            if !player.speedText.isEmpty { segments.append(.init(text: player.speedText, style: .statusState)) }
            if !player.load.label.isEmpty { segments.append(.init(text: player.load.label, style: .status)) }
            if let finish = player.finish {
                let isError = if case .error = finish { true } else { false }
                segments.append(.init(text: finish.label, style: isError ? .statusError : .status))
            }
            segments.append(.init(text: player.isMuted ? "muted" : "vol \(player.volume)%", style: .status))
            if !player.videoModeText.isEmpty { segments.append(.init(text: player.videoModeText, style: .status)) }
            if !player.downloadRateText.isEmpty { segments.append(.init(text: player.downloadRateText, style: .status)) }
            if !player.networkText.isEmpty { segments.append(.init(text: player.networkText, style: .status)) }
        } else {
            segments.append(.init(text: PlaybackState.stopped.label, style: .statusState))
        }
        if isAutoAdvance { segments.append(.init(text: "auto", style: .status)) }
        if let exportText { segments.append(.init(text: exportText, style: .status)) }
        self.segments = segments
        self.hints = hints
    }

    /// Plain segments (the timeline's cursor time and the event under it), the first as the state.
    init(texts: [String], hints: [String]) {
        segments = texts.enumerated().map { Segment(text: $1, style: $0 == 0 ? .statusState : .status) }
        self.hints = hints
    }

    func draw(on canvas: any Canvas) {
        canvas.fillRow(0, style: .status)
        var x = 1
        for (index, segment) in Self.fitted(segments, width: canvas.width - 2).enumerated() {
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

extension StatusBarView {
    /// `segments` cut to `width` cells: the longest one shrinks first (never below 8 cells).
    static func fitted(_ segments: [Segment], width: Int) -> [Segment] {
        let total = segments.reduce(3 * max(0, segments.count - 1)) { $0 + DisplayWidth.of($1.text) }
        guard total > width, let longest = segments.indices.max(by: {
            DisplayWidth.of(segments[$0].text) < DisplayWidth.of(segments[$1].text)
        }) else { return segments }
        var out = segments
        let keep = max(8, DisplayWidth.of(out[longest].text) - (total - width))
        out[longest] = Segment(text: DisplayWidth.truncate(out[longest].text, to: keep), style: out[longest].style)
        return out
    }
}
