import TUI

/// `Alt-k`: the question on the message line before every event shown is kept past the server's
/// retention (as `X` marks every event shown reviewed, but on the server and for weeks: asked
/// first). `y` keeps them; `n`, Esc or Enter leave them as they are.
struct KeepConfirmation: Sendable, Equatable {
    /// The events shown that are not kept yet.
    var ids: [String]
    /// What the server calls keeping ("retain", "archive").
    var name: String

    /// What a key did to the question.
    enum Outcome: Sendable, Equatable {
        case stays, confirmed, declined
    }

    /// A key on the message line: `y` confirms, `n` declines, other typing is ignored, and any
    /// other key (Esc, Enter) declines.
    func reduce(_ action: UserAction) -> Outcome {
        switch action {
        case .insertText(let text) where text.lowercased() == "y": .confirmed
        case .insertText(let text) where text.lowercased() == "n": .declined
        case .insertText: .stays
        default: .declined
        }
    }

    var label: String {
        "Keep the \(ids.count) event\(ids.count == 1 ? "" : "s") shown past the server's retention (\(name))? "
    }
}
