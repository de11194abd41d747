import Foundation
import TestSupport
import Testing

/// The `o` and `z` pickers as the Frigate tmux test drives them: open one, move to a value by its
/// row in the box, pick it, and read the list rows that follow.
extension TUIFrigateTests {
    /// Opens the picker with `key`, waits for `title` and `value` in it (nil: its first row, `all`),
    /// moves to `value` and picks it (Enter). Blocks: call it from `Tmux.offPool`.
    static func pick(_ value: String?, key: String, title: String, all: String, in pane: Tmux) throws {
        pane.keys(key)
        let screen = try pane.waitUntil("the \(title) picker offering \(value ?? all)") { screen in
            screen.contains(title) && screen.contains(all) && (value.map { rowsDown(to: $0, below: all, in: screen) != nil } ?? true)
        }
        if let value {
            let steps = try #require(rowsDown(to: value, below: all, in: screen))
            pane.keys("Home")
            for _ in 0..<steps { pane.keys("Down") }
        } else {
            pane.keys("Home")
        }
        pane.keys("Enter")
    }

    /// How many rows below `all` (the picker's first row) `value` is, read at the column where
    /// `all` starts; nil while the box does not show both.
    static func rowsDown(to value: String, below all: String, in screen: String) -> Int? {
        let lines = rows(screen).map(Array.init)
        guard let top = lines.firstIndex(where: { String($0).contains(all) }) else { return nil }
        let text = lines[top]
        guard let column = (0..<text.count).first(where: { String(text[$0...]).hasPrefix(all) }) else { return nil }
        for (offset, line) in lines.dropFirst(top + 1).enumerated() where line.count > column {
            if line[column] == "─" { return nil }   // the box's bottom border
            if String(line[column...].prefix { $0 != "│" }).trimmingCharacters(in: .whitespaces) == value { return offset + 1 }
        }
        return nil
    }

    /// The list's rows that show an item, up to the pane's border: camera, time, title.
    static func listRows(_ screen: String) -> [String] {
        rows(screen).dropFirst(2).compactMap { row -> String? in
            guard let bar = row.firstIndex(of: "│") else { return nil }
            let cells = row[..<bar].split(separator: " ", omittingEmptySubsequences: true)
            guard cells.contains(where: { $0.hasPrefix("alert") || $0.hasPrefix("detection") }) else { return nil }
            return String(row[..<bar])
        }
    }
}
