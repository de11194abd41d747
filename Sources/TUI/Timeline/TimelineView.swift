import PlaybackStates
import Foundation
import SystemSupport

/// The timeline view (`T`): a title line, the time axis in local time, one lane per camera (its
/// name, and its health where the server reports it: `● 5 fps`, `offline`) with its events as
/// blocks (`█` an event, `░` a reviewed one, `▓` live) over its recorded time (`─`,
/// an NVR's continuous recording), the cursor as a highlighted
/// column through every lane, the count of events per bucket, and a marker with the cursor's time.
///
/// ```
///  Timeline · day · Wed 25 Nov 2026                                  loading…
///              00:00       03:00       06:00       09:00       12:00 …
///  Backyard       ██    ░░        █
///  Front Door          █      ▓▓▓▓
///  per hour    2  ·  1  ·  ·  3 …
///                        ▲ 14:05
/// ```
struct TimelineView: PaneView {
    let timeline: TimelineViewSnapshot

    /// The column of the camera names, left of the lanes: the longest name (as shown,
    /// ``laneLabel(_:)``; with the widest health text and a space when there is `health`) and two
    /// spaces, at most a quarter of `width`; never narrower than the count row's label ("per 10
    /// min", the widest of every zoom, so the lanes stay put as you zoom) and one space, so the
    /// counts never run into it.
    static func nameWidth(cameras: [String], width: Int, health: [String: CameraHealthBadge] = [:]) -> Int {
        let badge = health.values.map { DisplayWidth.of($0.text) + 1 }.max() ?? 0
        let longest = (cameras.map { DisplayWidth.of(laneLabel($0)) }.max() ?? 0) + badge
        let labelWidth = TimelineZoom.allCases.map { DisplayWidth.of(Self.countsLabel($0)) }.max() ?? 0
        return max(labelWidth + 1, min(max(8, longest + 2), max(8, width / 4)))
    }

    /// A camera's name as its lane shows it: the server's text with control characters escaped
    /// (``TerminalText/printable(_:)``, `\u{1B}`), as everywhere server text is shown.
    static func laneLabel(_ camera: String) -> String {
        TerminalText.printable(camera)
    }

    /// Rows above the lanes (title, axis) and below them (counts, cursor marker).
    static let rowsAbove = 2
    static let rowsBelow = 2

    func draw(on canvas: any Canvas) {
        canvas.clear(.normal)
        guard canvas.height > 0, canvas.width > 10 else { return }
        let nameWidth = Self.nameWidth(cameras: timeline.cameras, width: canvas.width, health: timeline.health)
        let columns = max(1, canvas.width - nameWidth - 1)
        let layout = TimelineLayout(items: timeline.items.items, cameras: timeline.cameras, start: timeline.start,
                                    zoom: timeline.zoom, columns: columns, now: timeline.now, calendar: timeline.calendar,
                                    coverage: timeline.coverage, cursor: timeline.cursor)
        drawTitle(on: canvas)
        guard canvas.height > 1 else { return }
        for label in layout.labels {
            canvas.put(label.text, x: nameWidth + label.column, y: 1, style: .heading)
        }
        let laneRows = max(0, canvas.height - Self.rowsAbove - Self.rowsBelow)
        let cursorColumn = layout.column(of: timeline.cursor)
        let top = laneTop(rows: laneRows, count: layout.lanes.count)
        if layout.lanes.isEmpty, laneRows > 0 {
            canvas.putCentered(timeline.isLoading ? "Loading events…" : "No cameras: no events in this range",
                               y: Self.rowsAbove + laneRows / 2, style: .dim)
        }
        for (offset, lane) in layout.lanes.dropFirst(top).prefix(laneRows).enumerated() {
            let y = Self.rowsAbove + offset
            let selected = top + offset == timeline.lane
            drawLabel(lane.camera, width: nameWidth, y: y, selected: selected, on: canvas)
            drawCells(lane.cells, on: canvas, x: nameWidth, y: y)
            if let cursorColumn {
                // The event under the cursor, the one the status line names (not whatever else
                // the column's time holds); else the recording, else the bare cursor.
                let cell = lane.underCursor?.cell ?? (lane.cells[cursorColumn] == .recorded ? .recorded : .empty)
                canvas.put(cell == .empty ? "│" : Self.glyph(cell), x: nameWidth + cursorColumn, y: y,
                           style: selected ? .selected : .selectedUnfocused)
            }
        }
        let countsY = Self.rowsAbove + min(laneRows, layout.lanes.count)
        if countsY < canvas.height { drawCounts(layout, on: canvas, x: nameWidth, y: countsY) }
        if let cursorColumn, countsY + 1 < canvas.height {
            let text = WallTimeText.timeOfDay(timeline.cursor, calendar: timeline.calendar)
            let x = nameWidth + cursorColumn
            if x + 2 + DisplayWidth.of(text) <= canvas.width {
                canvas.put("▲ " + text, x: x, y: countsY + 1, style: .time)
            } else {
                canvas.put(text + " ▲", x: max(0, x - 1 - DisplayWidth.of(text)), y: countsY + 1, style: .time)
            }
        }
        if countsY + 3 < canvas.height {
            canvas.put(timeline.coverage.isEmpty ? Self.legend : Self.legendWithRecordings, x: nameWidth, y: countsY + 3, style: .dim)
        }
    }

    private func drawTitle(on canvas: any Canvas) {
        canvas.fillRow(0, style: .heading)
        let title = " Timeline · \(timeline.zoom.rawValue) · \(Self.rangeText(timeline.start, zoom: timeline.zoom, calendar: timeline.calendar))"
        let end = canvas.put(title, x: 0, y: 0, style: .heading)
        if let error = timeline.errorText {
            let room = canvas.width - end - 3
            if room > 8 { canvas.putRight(DisplayWidth.truncate(error, to: room), y: 0, margin: 1, style: .error) }
        } else if timeline.isLoading {
            canvas.putRight("loading…", y: 0, margin: 1, style: .heading)
        }
    }

    /// A lane's name, and after it (right-aligned, before the lane's last space) its health: the
    /// name gives way to the health when the column is narrow, so an offline lane always says so.
    private func drawLabel(_ camera: String, width: Int, y: Int, selected: Bool, on canvas: any Canvas) {
        let style: TextStyle = selected ? .selected : .normal
        guard let badge = timeline.health[camera] else {
            canvas.put(DisplayWidth.pad(DisplayWidth.truncate(Self.laneLabel(camera), to: width - 1), to: width), x: 0, y: y, style: style)
            return
        }
        let text = DisplayWidth.truncate(badge.text, to: max(0, width - 2))
        let room = max(0, width - 2 - DisplayWidth.of(text))
        canvas.put(DisplayWidth.pad(DisplayWidth.truncate(Self.laneLabel(camera), to: room), to: width), x: 0, y: y, style: style)
        canvas.put(text, x: width - 1 - DisplayWidth.of(text), y: y, style: selected ? .selected : badge.style)
    }

    /// Runs of equal cells drawn as one string each.
    private func drawCells(_ cells: [TimelineCell], on canvas: any Canvas, x: Int, y: Int) {
        var index = 0
        while index < cells.count {
            let cell = cells[index]
            var end = index + 1
            while end < cells.count, cells[end] == cell { end += 1 }
            if cell != .empty {
                canvas.put(String(repeating: Self.glyph(cell), count: end - index), x: x + index, y: y, style: Self.style(cell))
            }
            index = end
        }
    }

    /// Each bucket's count at its first column ("·" for none); a count wider than its bucket's
    /// columns is shown as "+" (the status line names the event under the cursor).
    private func drawCounts(_ layout: TimelineLayout, on canvas: any Canvas, x: Int, y: Int) {
        canvas.put(Self.countsLabel(layout.zoom), x: 0, y: y, style: .dim)
        for (index, count) in layout.counts.enumerated() {
            let next = index + 1 < layout.counts.count ? layout.counts[index + 1].column : layout.columns
            let room = next - count.column
            let text = count.count == 0 ? "·" : String(count.count)
            let shown = DisplayWidth.of(text) < room || (text.count == 1 && room >= 1) ? text : "+"
            canvas.put(shown, x: x + count.column, y: y, style: count.count == 0 ? .dim : .normal)
        }
    }

    /// The first lane shown, so that the cursor's lane is visible.
    private func laneTop(rows: Int, count: Int) -> Int {
        guard rows > 0, count > rows else { return 0 }
        return min(max(0, timeline.lane - rows + 1), count - rows)
    }

    static let legend = "█ event  ░ reviewed  ▓ live  │ cursor"
    /// With an NVR's recordings on the lanes.
    static let legendWithRecordings = "█ event  ░ reviewed  ▓ live  ─ recorded  │ cursor"

    static func glyph(_ cell: TimelineCell) -> String {
        switch cell {
        case .empty: " "
        case .recorded: "─"
        case .reviewed: "░"
        case .event: "█"
        case .live: "▓"
        }
    }

    static func style(_ cell: TimelineCell) -> TextStyle {
        switch cell {
        case .empty: .normal
        case .recorded: .dim
        case .reviewed: .dim
        case .event: .played
        case .live: .live
        }
    }

    static func countsLabel(_ zoom: TimelineZoom) -> String {
        switch zoom {
        case .hour: "per 10 min"
        case .day: "per hour"
        case .week: "per day"
        }
    }

    /// "Wed 25 Nov 2026", with the hour at hour zoom ("Wed 25 Nov 2026 14:00").
    static func rangeText(_ start: Date, zoom: TimelineZoom, calendar: Calendar) -> String {
        let c = calendar.dateComponents([.year, .month, .day, .hour, .weekday], from: start)
        let day = "\(WallTimeText.weekday(c)) \(c.day ?? 1) \(WallTimeText.month(c)) \(c.year ?? 0)"
        switch zoom {
        case .hour: return day + " " + WallTimeText.two(c.hour ?? 0) + ":00"
        case .day: return day
        case .week:
            let end = calendar.date(byAdding: .day, value: 6, to: start) ?? start
            let e = calendar.dateComponents([.month, .day], from: end)
            return day + " – \(e.day ?? 1) \(WallTimeText.month(e))"
        }
    }

}
