import PlaybackStates

/// The event list: a heading line, then the visible rows (the selected one highlighted).
/// Three marker columns lead each row: `▌` selection, `●` live, `✓` reviewed (a reviewed row is
/// dimmed), or `…` where a mark or its removal is pending (the server has not confirmed it yet).
/// The title starts with the server's threat mark (`!`, `‼`, coloured) and the kept mark (`⚑`).
struct EventListView: PaneView {
    let visibleRows: [EventRow]
    let firstIndex: Int
    let selectedIndex: Int
    let count: Int
    let moreAvailable: Bool
    let isLoading: Bool
    let isFocused: Bool
    let emptyText: String
    let filterText: String

    struct Columns: Equatable {
        var camera = 0, start = 0, duration = 0, bucket = 0, title = 0

        /// `startWidth`: the widest start the rows show (``usualStartWidth`` unless one of another
        /// year needs ``WallTimeText/startWidth``), so titles keep their room.
        init(width: Int, startWidth: Int = Self.usualStartWidth) {
            var rest = width - Self.marker.count
            if width >= 44 { camera = 12; rest -= camera + 1 }
            start = min(max(startWidth, Self.usualStartWidth), WallTimeText.startWidth); rest -= start + 1
            if width >= 58 { duration = 7; rest -= duration + 1 }
            if width >= 72 { bucket = 8; rest -= bucket + 1 }
            title = max(1, rest)
        }

        /// Where the title column starts.
        var titleX: Int { Self.marker.count + (camera > 0 ? camera + 1 : 0) }

        /// Selection bar, live dot, reviewed mark.
        static let marker = "   "

        /// Wide enough for the starts of this year ("Yesterday 09:10"); a start of another year
        /// ("2025-11-12 14:02") widens the column by one while such a row is shown.
        static let usualStartWidth = 15

        func line(marker: String, camera c: String, title t: String, start s: String, duration d: String, bucket b: String) -> String {
            var out = marker
            if camera > 0 { out += DisplayWidth.pad(c, to: camera) + " " }
            out += DisplayWidth.pad(t, to: title) + " " + DisplayWidth.pad(s, to: start)
            if duration > 0 { out += " " + DisplayWidth.padLeft(d, to: duration) }
            if bucket > 0 { out += " " + DisplayWidth.pad(b, to: bucket) }
            return out
        }
    }

    func draw(on canvas: any Canvas) {
        canvas.clear(.normal)
        let columns = Columns(width: canvas.width, startWidth: visibleRows.map { DisplayWidth.of($0.startText) }.max() ?? 0)
        canvas.fillRow(0, style: .heading)
        canvas.put(columns.line(marker: Columns.marker, camera: "Camera", title: "Title", start: "Start", duration: "Length", bucket: "Bucket"),
                   x: 0, y: 0, style: .heading)
        guard count > 0 else {
            let middle = max(1, canvas.height / 2)
            canvas.putCentered(isLoading ? "Loading events…" : emptyText, y: middle, style: .dim)
            if !filterText.isEmpty, !isLoading {
                canvas.putCentered("Filter “\(filterText)”: / changes it, Esc clears it", y: middle + 1, style: .dim)
            }
            return
        }
        for (offset, row) in visibleRows.enumerated() {
            let y = 1 + offset
            let index = firstIndex + offset
            let selected = index == selectedIndex
            let style: TextStyle = selected ? (isFocused ? .selected : .selectedUnfocused) : row.isReviewed ? .dim : .normal
            if selected { canvas.fillRow(y, style: style) }
            let text = columns.line(marker: Columns.marker, camera: row.camera, title: row.titleMarks + row.title, start: row.startText,
                                    duration: row.isLive ? "live" : row.durationText, bucket: row.bucket)
            canvas.put(text, x: 0, y: y, style: style)
            if selected { canvas.put("▌", x: 0, y: y, style: style) }
            if row.isLive { canvas.put("●", x: 1, y: y, style: selected ? style : .live) }
            if let level = row.threatLevel, level >= 1, !selected {
                canvas.put(EventRow.threatGlyphs[min(level, 2) - 1], x: columns.titleX, y: y, style: level >= 2 ? .error : .live)
            }
            if row.isMarkPending {
                canvas.put(EventRow.pendingGlyph, x: 2, y: y, style: style)
            } else if row.isReviewed {
                canvas.put(EventRow.reviewedGlyph, x: 2, y: y, style: style)
            }
        }
        let after = 1 + visibleRows.count
        if after < canvas.height, firstIndex + visibleRows.count >= count {
            if isLoading {
                canvas.put("  Loading more…", x: 0, y: after, style: .dim)
            } else if moreAvailable {
                canvas.put("  ↓ more events load as you scroll", x: 0, y: after, style: .dim)
            }
        }
        let position = "\(min(selectedIndex, count - 1) + 1)/\(count)\(moreAvailable ? "+" : "") "
        let heading = columns.line(marker: Columns.marker, camera: "Camera", title: "Title", start: "Start", duration: "Length", bucket: "Bucket")
        var used = heading
        while used.hasSuffix(" ") { used.removeLast() }
        if DisplayWidth.of(used) + DisplayWidth.of(position) + 2 <= canvas.width {
            canvas.putRight(position, y: 0, style: .heading)
        }
    }
}
