import SystemSupport
import TUI

/// The `o` and `z` pickers: "All labels" (or "All zones") first, then the values the server offers
/// for the cameras shown (sorted as it sends them), with the one in force kept even when the server
/// no longer lists it. Server text is shown escaped (``TerminalText/printable(_:)``); the choice is
/// the value as the server spelled it.
///
/// ```swift
/// let picker = ValuePicker(.label, values: ["car", "person"], current: "person")
/// picker.selectedIndex     // 2: opens on the label in force
/// picker.choice            // "person" (nil: all labels)
/// ```
struct ValuePicker: Sendable, Equatable {
    /// Which filter the picker sets.
    enum Kind: Sendable, Equatable {
        /// ``ListFilters/label``: Frigate's objects (person, car) and sounds.
        case label
        /// ``ListFilters/zone``: Frigate's named areas of a camera's picture.
        case zone

        /// "label", "zone".
        var noun: String { self == .label ? "label" : "zone" }
        /// The first row, which clears the filter.
        var allText: String { self == .label ? "All labels" : "All zones" }
        var title: String { self == .label ? "Label (object)" : "Zone" }
    }

    let kind: Kind
    /// The rows after the first, as the server spelled them.
    let values: [String]
    var selectedIndex: Int
    let current: String?

    init(_ kind: Kind, values: [String], current: String?) {
        self.kind = kind
        self.values = current.map { current in values.contains(current) ? values : [current] + values } ?? values
        self.current = current
        selectedIndex = 0
        selectedIndex = currentIndex
    }

    /// How many rows: all, then the values.
    var count: Int { 1 + values.count }

    /// The row of the value in force (0: all).
    var currentIndex: Int {
        current.flatMap { values.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
    }

    /// The value picked; nil for all.
    var choice: String? {
        selectedIndex == 0 ? nil : values[min(selectedIndex, values.count) - 1]
    }

    var snapshot: PickerSnapshot {
        PickerSnapshot(title: kind.title, items: [kind.allText] + values.map(TerminalText.printable),
                       selectedIndex: selectedIndex, currentIndex: currentIndex)
    }
}
