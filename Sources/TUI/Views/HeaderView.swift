/// Top line: program name, demo badge, user @ server, counts on the right.
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
        let room = canvas.width - x - DisplayWidth.of(header.countsText) - 3
        if room > 3, !who.isEmpty {
            canvas.put(DisplayWidth.truncate(who, to: room), x: x + 1, y: 0, style: .header)
        }
        if !header.countsText.isEmpty { canvas.putRight(header.countsText, y: 0, margin: 1, style: .header) }
    }
}
