/// Top line: program name, demo badge, user @ server, the active server-side filters, following
/// ("following · 3 new") and the counts on the right. When space runs short the filters win over user @ server (which is cut, then
/// left out); filters are cut with "…" and left out only below 8 cells.
struct HeaderView: PaneView {
    let header: HeaderSnapshot

    func draw(on canvas: any Canvas) {
        canvas.fillRow(0, style: .header)
        var x = canvas.put(" eventplayer ", x: 0, y: 0, style: .header)
        if header.isDemo {
            x = canvas.put(" demo ", x: x + 1, y: 0, style: .badge)
            x += 1
        }
        var who = header.user
        if !header.server.isEmpty { who += who.isEmpty ? header.server : " @ \(header.server)" }
        // The counts (a search's are long) never run over the name and the badge: cut to the room.
        let counts = DisplayWidth.truncate(header.countsText, to: max(0, canvas.width - x - 2))
        // Columns left of the counts (putRight with margin 1, then one space).
        var end = canvas.width - DisplayWidth.of(counts) - 3
        if !header.followText.isEmpty, end - x - DisplayWidth.of(header.followText) >= 8 {
            end -= DisplayWidth.of(header.followText)
            canvas.put(header.followText, x: end, y: 0, style: .badge)
            end -= 2
        }
        if !header.filtersText.isEmpty {
            let room = end - x - 1
            if room >= 8 {
                let text = DisplayWidth.truncate(header.filtersText, to: room)
                end -= DisplayWidth.of(text)
                canvas.put(text, x: end, y: 0, style: .badge)
                end -= 2
            }
        }
        let room = end - x
        if room > 3, !who.isEmpty {
            canvas.put(DisplayWidth.truncate(who, to: room), x: x + 1, y: 0, style: .header)
        }
        if !counts.isEmpty { canvas.putRight(counts, y: 0, margin: 1, style: .header) }
    }
}
