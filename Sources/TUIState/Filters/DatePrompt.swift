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

    var snapshot: PromptSnapshot {
        PromptSnapshot(label: Self.label, text: text, hint: Self.hint, errorText: errorText)
    }
}
