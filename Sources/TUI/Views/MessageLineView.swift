/// The bottom line: the `/` filter prompt, a persistent error, a transient message, or the active filter.
struct MessageLineView: PaneView {
    let isEditingFilter: Bool
    let filterText: String
    let error: String?
    let message: StatusMessage?

    func draw(on canvas: any Canvas) {
        canvas.clear(.normal)
        if isEditingFilter {
            let x = canvas.put("/" + filterText, x: 0, y: 0, style: .prompt)
            canvas.put("█", x: x, y: 0, style: .prompt)
            canvas.putRight("Enter apply · Esc cancel", y: 0, style: .dim)
        } else if let error {
            let hint = " Esc dismisses"
            canvas.put(DisplayWidth.truncate("✖ " + error, to: canvas.width - DisplayWidth.of(hint) - 1), x: 0, y: 0, style: .error)
            canvas.putRight(hint, y: 0, style: .dim)
        } else if let message {
            canvas.put(DisplayWidth.truncate(message.text, to: canvas.width), x: 0, y: 0, style: message.isError ? .error : .message)
        } else if !filterText.isEmpty {
            canvas.put(DisplayWidth.truncate("Filter: \(filterText)  (/ changes, Esc clears)", to: canvas.width), x: 0, y: 0, style: .dim)
        }
    }
}
