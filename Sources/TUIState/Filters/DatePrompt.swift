import AppCore
import Foundation
import TUI

/// The `t` prompt's text and why the last Enter was refused. The text stays after an error so the
/// user fixes it in place.
///
/// ```swift
/// var prompt = DatePrompt(text: "")
/// prompt.text += "yesterday 18:00"
/// ```
struct DatePrompt: Sendable, Equatable {
    var text: String
    var errorText: String?

    static let label = "Jump to: "
    static let hint = "e.g. yesterday 18:00, 2026-11-20 14:00, -2h; empty clears"

    /// What a key did to the prompt.
    enum Outcome: Equatable {
        /// Typing, or a refused date (``errorText`` says why): the prompt stays.
        case stays
        /// Esc or q: closed, nothing changes.
        case closed
        /// Enter on nothing: closed, the time in force is cleared (the timeline goes to now).
        case cleared
        /// Enter on a date: closed, with the moment it means and the text as typed.
        case chose(Date, text: String)

        /// Where the answer puts the timeline's cursor: the date chosen, or `now` for Enter on
        /// nothing; nil when the prompt stays or closed.
        func moment(now: Date) -> Date? {
            switch self {
            case .stays, .closed: nil
            case .cleared: now
            case .chose(let date, _): date
            }
        }
    }

    /// Applies one key; a date it cannot read keeps the prompt and the text, with the reason.
    ///
    /// ```swift
    /// var prompt = DatePrompt(text: "-2h")
    /// prompt.reduce(.submit, now: now, calendar: .current)   // .chose(now - 2 h, text: "-2h")
    /// ```
    mutating func reduce(_ action: UserAction, now: Date, calendar: Calendar) -> Outcome {
        switch action {
        case .insertText(let typed): text += typed
        case .deleteBackward: _ = text.popLast()
        case .clearField: text = ""
        case .cancel, .back, .quitOrBack: return .closed
        case .submit:
            let typed = text.trimmingCharacters(in: .whitespaces)
            if typed.isEmpty { return .cleared }
            do {
                let query = try DateQuery(typed)
                return .chose(query.resolve(now: now, calendar: calendar), text: query.text)
            } catch {
                errorText = UserFacing.sentence(error.description)
                return .stays
            }
        default: return .stays
        }
        errorText = nil
        return .stays
    }

    var snapshot: PromptSnapshot {
        PromptSnapshot(label: Self.label, text: text, hint: Self.hint, errorText: errorText)
    }
}
