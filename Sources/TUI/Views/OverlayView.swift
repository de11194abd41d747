/// A scrollable, boxed overlay of text lines (help and request log). Lines without leading
/// spaces are headings.
struct OverlayView: PaneView {
    let title: String
    let lines: [String]
    let scroll: Int

    /// Lines visible inside a box of this height.
    static func pageSize(height: Int) -> Int { max(1, height - 4) }

    func draw(on canvas: any Canvas) {
        let rect = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        canvas.box(rect, title: title, style: .overlay, titleStyle: .overlayTitle)
        let page = Self.pageSize(height: canvas.height)
        let inner = canvas.width - 4
        for (offset, line) in lines.dropFirst(scroll).prefix(page).enumerated() {
            let heading = !line.isEmpty && !line.hasPrefix(" ")
            canvas.put(DisplayWidth.truncate(line, to: inner), x: 2, y: 2 + offset, style: heading ? .overlayHeading : .overlay)
        }
        var footer = "Esc closes"
        if lines.count > page {
            footer = "↑/↓ PgUp/PgDn scroll · \(min(lines.count, scroll + page))/\(lines.count) · " + footer
        }
        canvas.putRight(" \(footer) ", y: canvas.height - 1, margin: 2, style: .overlayTitle)
    }
}

extension OverlayView {
    /// `lines` wrapped to `width`, each continuation indented as its line (headings by two).
    static func wrapped(_ lines: [String], width: Int) -> [String] {
        lines.flatMap { line -> [String] in
            let indent = String(line.prefix { $0 == " " })
            let body = String(line.dropFirst(indent.count))
            let continuation = indent.isEmpty ? "  " : indent + "  "
            let first = DisplayWidth.wrap(body, to: max(1, width - indent.count))
            guard let head = first.first, first.count > 1 else { return [line] }
            let rest = DisplayWidth.wrap(first.dropFirst().joined(separator: " "), to: max(1, width - continuation.count))
            return [indent + head] + rest.map { continuation + $0 }
        }
    }

    /// The request-log overlay's lines: the network records, then the startup timeline.
    static func requestLogLines(rows: [RequestLogRow], timeline: [TimelineRow]) -> [String] {
        var lines = ["Recent requests"]
        if rows.isEmpty {
            lines.append("  No requests yet.")
        } else {
            lines.append("  " + DisplayWidth.pad("Kind", to: 18) + DisplayWidth.padLeft("Status", to: 6)
                + DisplayWidth.padLeft("Try", to: 4) + DisplayWidth.padLeft("ms", to: 7) + DisplayWidth.padLeft("Bytes", to: 10) + "  Path")
            for row in rows {
                lines.append("  " + DisplayWidth.pad(row.kind, to: 18) + DisplayWidth.padLeft(row.status.map(String.init) ?? "—", to: 6)
                    + DisplayWidth.padLeft(String(row.attempts), to: 4) + DisplayWidth.padLeft(String(row.milliseconds), to: 7)
                    + DisplayWidth.padLeft(byteText(row.bytes), to: 10) + "  " + row.path)
            }
        }
        lines.append("")
        lines.append("Startup timeline")
        if timeline.isEmpty { lines.append("  Nothing played yet.") }
        for step in timeline {
            lines.append("  " + DisplayWidth.padLeft("+\(step.milliseconds) ms", to: 10) + "  " + step.label)
        }
        return lines
    }

    /// The current error, whole and wrapped, above the request log (the bottom line may cut it).
    static func errorLines(_ error: String?, width: Int) -> [String] {
        guard let error else { return [] }
        return ["Error"] + DisplayWidth.wrap(error, to: max(1, width)).map { "  " + $0 } + [""]
    }

    static func byteText(_ bytes: Int) -> String {
        if bytes < 10_000 { return "\(bytes) B" }
        if bytes < 10_000_000 { return "\(bytes / 1024) KiB" }
        return "\(bytes / 1_048_576) MiB"
    }
}
