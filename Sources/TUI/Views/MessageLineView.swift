/// The bottom line: the `/` filter prompt, a persistent error, a transient message, or the active filter.
/// An error too long for the line ends in "…" and the hint names the key that shows it whole.
struct MessageLineView: PaneView {
    let isEditingFilter: Bool
    let filterText: String
    let error: String?
    let message: StatusMessage?
    /// The key of the request log, where an error too long for this line is shown whole (e.g. "d").
    var detailsKey: String? = nil
    /// Another prompt (the `t` date prompt) in place of the line.
    var prompt: PromptSnapshot? = nil

    func draw(on canvas: any Canvas) {
        canvas.clear(.normal)
        if let prompt {
            drawPrompt(prompt.label + prompt.text, hint: prompt.errorText ?? prompt.hint, isError: prompt.errorText != nil, on: canvas)
        } else if isEditingFilter {
            drawPrompt("/" + filterText, hint: "Enter filter · Tab search the server · Esc cancel", isError: false, on: canvas)
        } else if let error {
            drawError("✖ " + error, on: canvas)
        } else if let message {
            canvas.put(DisplayWidth.truncate(message.text, to: canvas.width), x: 0, y: 0, style: message.isError ? .error : .message)
        } else if !filterText.isEmpty {
            canvas.put(DisplayWidth.truncate("Filter: \(filterText)  (/ changes, Esc clears)", to: canvas.width), x: 0, y: 0, style: .dim)
        }
    }
}

extension MessageLineView {
    /// The error and its hint; when cut, the hint says where the whole text is (the request log).
    private func drawError(_ text: String, on canvas: any Canvas) {
        let dismiss = " Esc dismisses"
        if DisplayWidth.of(text) + 1 + DisplayWidth.of(dismiss) <= canvas.width {
            canvas.put(text, x: 0, y: 0, style: .error)
            canvas.putRight(dismiss, y: 0, style: .dim)
            return
        }
        let hints = (detailsKey.map { [" \($0) full text · Esc dismisses", " \($0) full text"] } ?? []) + [dismiss, ""]
        let hint = hints.first { canvas.width - DisplayWidth.of($0) - 1 >= 16 } ?? ""
        canvas.put(DisplayWidth.truncate(text, to: canvas.width - DisplayWidth.of(hint) - (hint.isEmpty ? 0 : 1)),
                   x: 0, y: 0, style: .error)
        if !hint.isEmpty { canvas.putRight(hint, y: 0, style: .dim) }
    }
}

extension MessageLineView {
    /// `/text█` and the hint; a prompt too long for both drops the hint, then keeps its end (the cursor).
    /// An error in place of the hint is cut to fit rather than dropped (while 12 cells are left).
    private func drawPrompt(_ typed: String, hint: String, isError: Bool, on canvas: any Canvas) {
        var prompt = typed + "█"
        var hint = hint
        let room = canvas.width - DisplayWidth.of(prompt) - 1
        if isError, DisplayWidth.of(hint) > room, room >= 12 { hint = DisplayWidth.truncate(hint, to: room) }
        let showHint = DisplayWidth.of(prompt) + 1 + DisplayWidth.of(hint) <= canvas.width
        if DisplayWidth.of(prompt) > canvas.width {
            prompt = "…" + String(prompt.suffix(max(1, canvas.width - 1)))
            while DisplayWidth.of(prompt) > canvas.width, prompt.count > 2 { prompt.remove(at: prompt.index(after: prompt.startIndex)) }
        }
        canvas.put(prompt, x: 0, y: 0, style: .prompt)
        if showHint { canvas.putRight(hint, y: 0, style: isError ? .error : .dim) }
    }
}
