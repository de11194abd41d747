/// A one-line prompt on the message line (the `t` date prompt): a label, the text typed so far,
/// and the last problem with it (shown instead of the hint, so the text can be fixed in place).
///
/// ```swift
/// let prompt = PromptSnapshot(label: "Jump to: ", text: "yesterday 18:00", hint: "Enter apply · Esc cancel")
/// let wrong = PromptSnapshot(label: "Jump to: ", text: "friday", errorText: "cannot read \"friday\" as a date")
/// ```
public struct PromptSnapshot: Hashable, Sendable {
    public var label: String
    public var text: String
    /// Shown right-aligned after the text when there is room and no error.
    public var hint: String
    /// Why the last Enter was refused; shown in place of the hint.
    public var errorText: String?

    public init(label: String, text: String, hint: String = "Enter apply · Esc cancel", errorText: String? = nil) {
        self.label = label
        self.text = text
        self.hint = hint
        self.errorText = errorText
    }
}
