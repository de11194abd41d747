/// The sign-in form: server, email, masked password, inline error, hints.
struct SignInView: PaneView {
    let form: SignInSnapshot

    func draw(on canvas: any Canvas) {
        canvas.clear(.normal)
        let width = min(64, canvas.width - 2)
        let height = min(11, canvas.height)
        let box = Rect(x: (canvas.width - width) / 2, y: max(0, (canvas.height - height) / 2), width: width, height: height)
        canvas.box(box, title: "Sign in", style: .normal, titleStyle: .paneTitleFocused)
        let labelX = box.x + 3
        let fieldX = labelX + 10
        let fieldWidth = max(4, box.maxX - fieldX - 3)
        let fields: [(SignInSnapshot.Field, String, String)] = [
            (.server, "Server", form.server),
            (.email, "Email", form.email),
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
        if form.isBusy {
            canvas.put("Signing in…", x: labelX, y: noteY, style: .dim)
        } else if let error = form.errorText {
            canvas.put(DisplayWidth.truncate("✖ " + error, to: box.width - 6), x: labelX, y: noteY, style: .error)
        }
        if box.height >= 10 {
            canvas.put(DisplayWidth.truncate("Enter sign in · Tab next field · Ctrl-C quit", to: box.width - 6),
                       x: labelX, y: box.maxY - 2, style: .dim)
        }
    }
}
