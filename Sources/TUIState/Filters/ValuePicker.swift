import SystemSupport
import TUI

/// The `o` and `z` pickers: "All labels" (or "All zones") first, then the values the server offers
/// for the cameras shown (sorted as it sends them), with the one in force kept even when the server
/// no longer lists it. `o` also offers the faces and plates the server recognised (Frigate's
/// sub-labels and licence plates) after the labels, as "face: Alice" and "plate: KX51 PLT". Server
/// text is shown escaped (``TerminalText/printable(_:)``); the choice is the value as the server
/// spelled it.
///
/// ```swift
/// let picker = ValuePicker(.label, values: [.label("car"), .label("person"), .face("Alice")], current: .label("person"))
/// picker.selectedIndex     // 2: opens on the value in force
/// picker.choice            // .label("person") (nil: all)
/// ```
struct ValuePicker: Sendable, Equatable {
    /// Which filters the picker sets.
    enum Kind: Sendable, Equatable {
        /// ``ListFilters/label`` (Frigate's objects and sounds), ``ListFilters/face`` and ``ListFilters/plate``.
        case label
        /// ``ListFilters/zone``: Frigate's named areas of a camera's picture.
        case zone

        /// "label", "zone".
        var noun: String { self == .label ? "label" : "zone" }
        /// The first row, which clears the filter.
        var allText: String { self == .label ? "All labels" : "All zones" }
        var title: String { self == .label ? "Label, face or plate" : "Zone" }
    }

    /// One row's value: which filter it sets, and to what.
    enum Value: Sendable, Equatable {
        case label(String), zone(String), face(String), plate(String)

        /// The row as shown (escaped).
        var text: String {
            switch self {
            case .label(let text), .zone(let text): TerminalText.printable(text)
            case .face(let text): "face: " + TerminalText.printable(text)
            case .plate(let text): "plate: " + TerminalText.printable(text)
            }
        }
    }

    let kind: Kind
    /// The rows after the first.
    let values: [Value]
    var selectedIndex: Int
    let current: Value?

    init(_ kind: Kind, values: [Value], current: Value?) {
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
    var choice: Value? {
        selectedIndex == 0 ? nil : values[min(selectedIndex, values.count) - 1]
    }

    var snapshot: PickerSnapshot {
        PickerSnapshot(title: kind.title, items: [kind.allText] + values.map(\.text),
                       selectedIndex: selectedIndex, currentIndex: currentIndex)
    }
}
