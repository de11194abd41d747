import PlaybackStates

/// `  0:04 ━━━━━━●═══────────  0:10 `: elapsed, played bar, knob, buffered ahead, total.
/// While a key seek is pending the knob (and the elapsed label) follow the target.
struct SeekSliderView: PaneView {
    let position: Double
    let duration: Double?
    let bufferedAhead: Double
    let isLive: Bool
    let isActive: Bool
    /// Hundredths on the labels (after a frame step).
    let fractions: Bool
    /// Where the event's alarms start (seconds): `▾` on the bar.
    let alarmMarks: [Double]

    init(player: PlayerPaneSnapshot?) {
        position = player.map { $0.pendingSeekTarget ?? $0.position } ?? 0
        duration = player?.duration
        bufferedAhead = player?.bufferedAhead ?? 0
        isLive = player?.isLive ?? false
        isActive = player != nil
        fractions = player?.showsFrameTime ?? false
        alarmMarks = player?.alarmMarks ?? []
    }

    /// `0:04`, or `0:04.04` after a frame step.
    private func clockText(_ seconds: Double) -> String {
        fractions ? DurationText.preciseClock(seconds) : DurationText.clock(seconds)
    }

    func draw(on canvas: any Canvas) {
        canvas.clear(.normal)
        let geometry = SliderGeometry(width: canvas.width, duration: duration, fractions: fractions)
        let label = geometry.labelWidth - 2
        canvas.put(DisplayWidth.padLeft(isActive ? clockText(position) : "-:--", to: label), x: 1, y: 0, style: .time)
        let total = isLive ? "LIVE" : (duration.map { clockText($0) } ?? "-:--")
        canvas.put(DisplayWidth.pad(total, to: label), x: canvas.width - geometry.labelWidth + 1, y: 0,
                   style: isLive ? .live : .time)
        let bar = geometry.barWidth
        guard bar > 1 else { return }
        guard let duration, duration > 0 else {
            canvas.put(String(repeating: "─", count: bar), x: geometry.barStart, y: 0, style: .remaining)
            return
        }
        let knob = geometry.column(forTime: position)
        let bufferEnd = max(knob, geometry.column(forTime: position + bufferedAhead))
        var x = geometry.barStart
        x = canvas.put(String(repeating: "━", count: knob), x: x, y: 0, style: .played)
        x = canvas.put("●", x: x, y: 0, style: .knob)
        x = canvas.put(String(repeating: "═", count: bufferEnd - knob), x: x, y: 0, style: .buffered)
        canvas.put(String(repeating: "─", count: max(0, bar - bufferEnd - 1)), x: x, y: 0, style: .remaining)
        for mark in alarmMarks where mark <= duration {
            let column = geometry.column(forTime: mark)
            guard column != knob, column < bar else { continue }
            canvas.put("▾", x: geometry.barStart + column, y: 0, style: .error)
        }
    }
}
