/// The sign-in form: server, the certificate waiting for trust and its Trust field (when one is
/// asked about), email, masked password, inline error or note (wrapped; the box grows for it), hints.
struct SignInView: PaneView {
    let form: SignInSnapshot

    func draw(on canvas: any Canvas) {
        canvas.clear(.normal)
        let asking = !form.certificate.isEmpty
        let width = min(asking ? 100 : 64, canvas.width - 2)
        let notes: [String] = if form.isBusy { [] } else if let error = form.errorText { DisplayWidth.wrap("✖ " + error, to: width - 6) }
            else { form.note.map { DisplayWidth.wrap($0, to: width - 6) } ?? [] }
        // The certificate's lines, as many as fit above the fields (a warning's first two in red);
        // on a short terminal the least needed go first (``dropOrder(_:)``), the fingerprint last.
        let wrapped = form.certificate.enumerated().flatMap { index, line in
            Self.fit(line, to: width - 6).map { (text: $0, warning: form.isCertificateChange && index < 2, rank: Self.dropOrder(line)) }
        }
        var kept = wrapped
        for rank in stride(from: 6, through: 1, by: -1) where kept.count > max(0, canvas.height - 12) {
            kept.removeAll { $0.rank == rank }
        }
        let certificate = Array(kept.prefix(max(0, canvas.height - 12)))
        let extra = asking ? certificate.count + 1 : 0   // the lines and the Trust field
        let height = min(8 + extra + max(3, notes.count), canvas.height)   // the box grows for a long error
        let box = Rect(x: (canvas.width - width) / 2, y: max(0, (canvas.height - height) / 2), width: width, height: height)
        canvas.box(box, title: form.title, style: .normal, titleStyle: .paneTitleFocused)
        let labelX = box.x + 3
        let fieldX = labelX + 10
        let fieldWidth = max(4, box.maxX - fieldX - 3)
        var rows: [(SignInSnapshot.Field, String, String, Int)] = [(.server, "Server", form.server, box.y + 2)]
        if asking {
            for (index, line) in certificate.enumerated() {
                canvas.put(line.text, x: labelX, y: box.y + 3 + index, style: line.warning ? .error : .normal)
            }
            rows.append((.trust, form.trustLabel, form.trustAnswer, box.y + 3 + certificate.count))
        }
        rows.append((.email, form.userLabel, form.email, box.y + 3 + extra))
        rows.append((.password, "Password", String(repeating: "•", count: form.passwordLength), box.y + 4 + extra))
        for (field, label, value, y) in rows where y < box.maxY - 1 {
            let focused = field == form.focus
            canvas.put(label, x: labelX, y: y, style: focused ? .paneTitleFocused : .normal)
            var shown = value
            if focused { shown += "█" }
            if DisplayWidth.of(shown) > fieldWidth {   // keep the end (the cursor) visible
                shown = "…" + String(shown.suffix(fieldWidth - 1))
            }
            canvas.put(DisplayWidth.pad(shown, to: fieldWidth), x: fieldX, y: y, style: focused ? .fieldFocused : .field)
        }
        let noteY = box.y + 6 + extra
        let hasHints = box.height >= 10 + extra
        if form.isBusy {
            canvas.put(form.busyText, x: labelX, y: noteY, style: .dim)
        } else {
            let room = max(0, box.maxY - (hasHints ? 3 : 2) - noteY + 1)   // rows between the fields and the hints
            let style: TextStyle = form.errorText == nil ? .message : .error
            for (index, line) in notes.prefix(room).enumerated() {
                let cut = index == room - 1 && notes.count > room ? DisplayWidth.truncate(line + " …", to: box.width - 6) : line
                canvas.put(cut, x: labelX, y: noteY + index, style: style)
            }
        }
        if hasHints {
            let hint = asking ? "Type yes in Trust to trust it · Enter · Tab next field · Ctrl-C quit"
                : "Enter sign in · Tab next field · Ctrl-C quit"
            canvas.put(DisplayWidth.truncate(hint, to: box.width - 6), x: labelX, y: box.maxY - 2, style: .dim)
        }
    }

    /// A certificate line cut to `width`: prose wraps at spaces; an aligned line (`  names        a, b`,
    /// the fingerprint's hex) keeps its spaces and goes on under its value's column.
    static func fit(_ line: String, to width: Int) -> [String] {
        guard DisplayWidth.of(line) > width else { return [line] }
        let indent = line.prefix { $0 == " " }.count
        guard indent > 0 else { return DisplayWidth.wrap(line, to: width) }
        // The value's column: after the label and the spaces that align it, or the indent alone.
        let rest = line.dropFirst(indent)
        let label = rest.prefix { $0 != " " }
        let gap = rest.dropFirst(label.count).prefix { $0 == " " }
        let column = gap.count >= 2 ? indent + label.count + gap.count : indent
        guard column < width / 2 else { return DisplayWidth.wrap(line, to: width) }
        var value = Substring(line.dropFirst(column))
        var lines: [String] = []
        let room = width - column
        while !value.isEmpty {
            let piece = String(value.prefix(room))
            lines.append((lines.isEmpty ? String(line.prefix(column)) : String(repeating: " ", count: column)) + piece)
            value = value.dropFirst(piece.count)
        }
        return lines.map { DisplayWidth.truncate($0, to: width) }
    }

    /// Which certificate lines a short terminal drops first (higher first; 0 never): the advice to
    /// compare, the hex form, the warning's second line, then issuer and dates, names and subject;
    /// the warning, the pinned and the presented fingerprints stay.
    static func dropOrder(_ line: String) -> Int {
        if line.hasPrefix("Compare") { return 6 }
        if line.hasPrefix("               ") { return 5 }
        if line.hasPrefix("Someone") { return 4 }
        if line.hasPrefix("  issuer") || line.hasPrefix("  valid") { return 3 }
        if line.hasPrefix("  names") || line.hasPrefix("  subject") || line.hasPrefix("The server's") { return 2 }
        if line.hasPrefix("The certificate of") { return 1 }
        return 0
    }
}
