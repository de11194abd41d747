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

    func reduce(_ action: UserActionInput) -> Outcome {
        switch action {
        case .text(let text) where text.lowercased() == "y": .confirmed
        case .text(let text) where text.lowercased() == "n": .declined
        case .text: .stays
        case .other: .declined
        }
    }

    /// A key as the question reads it: a typed character, or anything else.
    enum UserActionInput: Sendable, Equatable {
        case text(String), other
    }

    var label: String {
        "Keep the \(ids.count) event\(ids.count == 1 ? "" : "s") shown past the server's retention (\(name))? "
    }
}
