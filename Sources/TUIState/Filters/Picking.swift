import TUI

/// A list of choices that takes the keys while it is open (the `c`, `o` and `z` pickers): Up and
/// Down move the selection, Enter chooses, Esc or q closes. Each picker says what its rows are
/// and what the selected one chooses; this is the one reducer of their keys.
protocol Picking: Sendable {
    associatedtype Choice: Equatable
    /// How many rows.
    var count: Int { get }
    var selectedIndex: Int { get set }
    /// What the selected row chooses.
    var choice: Choice { get }
}

/// What a key did to a picker.
enum PickerOutcome<Choice: Equatable>: Equatable {
    /// The selection moved, or the key meant nothing here: the picker stays open.
    case stays
    /// Enter: the picker closes with this choice.
    case chose(Choice)
    /// Esc or q: the picker closes, nothing chosen.
    case closed
}

extension Picking {
    /// Applies one key.
    ///
    /// ```swift
    /// var picker = CameraPicker(cameras: ["Driveway", "Front Door"], current: .all)
    /// picker.reduce(.select(2))   // .stays (on "Front Door")
    /// picker.reduce(.submit)      // .chose(.camera("Front Door"))
    /// ```
    mutating func reduce(_ action: UserAction) -> PickerOutcome<Choice> {
        switch action {
        case .select(let index):
            selectedIndex = max(0, min(count - 1, index))
            return .stays
        case .submit: return .chose(choice)
        case .cancel, .back, .quitOrBack: return .closed
        default: return .stays
        }
    }
}

extension CameraPicker: Picking {}
extension ValuePicker: Picking {}
