/// The sign-in form: server, email, masked password, inline error (wrapped; the box grows for it), hints.
struct SignInView: PaneView {
    let form: SignInSnapshot

    func draw(on canvas: any Canvas) {
        canvas.clear(.normal)
        let width = min(64, canvas.width - 2)
        let errorLines = form.isBusy ? [] : form.errorText.map { DisplayWidth.wrap("✖ " + $0, to: width - 6) } ?? []
        let height = min(8 + max(3, errorLines.count), canvas.height)   // the box grows for a long error
        let box = Rect(x: (canvas.width - width) / 2, y: max(0, (canvas.height - height) / 2), width: width, height: height)
        canvas.box(box, title: "Sign in", style: .normal, titleStyle: .paneTitleFocused)
        let labelX = box.x + 3
        let fieldX = labelX + 10
        let fieldWidth = max(4, box.maxX - fieldX - 3)
        let fields: [(SignInSnapshot.Field, String, String)] = [
            (.server, "Server", form.server),
            (.email, form.userLabel, form.email),
            (.password, "Password", String(repeating: "•", count: form.passwordLength)),
        ]
        for (index, (field, label, value)) in fields.enumerated() {
            let y = box.y + 2 + index
            let focused = field == form.focus
            canvas.put(label, x: labelX, y: y, style: focused ? .paneTitleFocused : .normal)
            var shown = value
            if focused { shown += "█" }
            if DisplayWidth.of(shown) > fieldWidth {   // keep the end (the cursor) visible
                shown = "…" + String(shown.suffix(fieldWidth - 1))
            }
            canvas.put(DisplayWidth.pad(shown, to: fieldWidth), x: fieldX, y: y, style: focused ? .fieldFocused : .field)
        }
        let noteY = box.y + 6
        let hasHints = box.height >= 10
        if form.isBusy {
            canvas.put("Signing in…", x: labelX, y: noteY, style: .dim)
        } else {
            let room = max(0, box.maxY - (hasHints ? 3 : 2) - noteY + 1)   // rows between the fields and the hints
            for (index, line) in errorLines.prefix(room).enumerated() {
                let cut = index == room - 1 && errorLines.count > room ? DisplayWidth.truncate(line + " …", to: box.width - 6) : line
                canvas.put(cut, x: labelX, y: noteY + index, style: .error)
            }
        }
        if hasHints {
            canvas.put(DisplayWidth.truncate("Enter sign in · Tab next field · Ctrl-C quit", to: box.width - 6),
                       x: labelX, y: box.maxY - 2, style: .dim)
        }
    }
}
