/// Remembers what each pane's rows said when it was last drawn, to tell when they moved: a row
/// now showing what another row showed before (new events arriving above the selection push the
/// list's rows down; the list scrolled by a line).
///
/// doupdate moves lines that moved by scrolling the terminal, and a terminal scrolls whole lines:
/// a picture beside the pane (terminal video, a still, montage tiles), which ncurses never wrote
/// and believes blank, would move with them and lose its top rows until it changed. While a
/// picture shows, ``CursesScreen`` has such a pane written out again instead (`wredrawln`).
///
/// ```swift
/// var memory = PaneRowMemory()
/// memory.record([a, b, c], in: .list)            // false: nothing to compare with yet
/// memory.record([n, a, b], in: .list)            // true: rows a and b moved down
/// ```
struct PaneRowMemory {
    private var rows: [PaneSlot: [[UInt32]]] = [:]

    /// Records `current` as what `slot` shows now; true when a row that changed shows what
    /// another row showed before (blank rows aside: they are alike everywhere).
    mutating func record(_ current: [[UInt32]], in slot: PaneSlot) -> Bool {
        defer { rows[slot] = current }
        guard let previous = rows[slot] else { return false }
        var shownAt: [[UInt32]: [Int]] = [:]
        for (index, row) in previous.enumerated() where !Self.isBlank(row) { shownAt[row, default: []].append(index) }
        for (index, row) in current.enumerated() where index >= previous.count || row != previous[index] {
            if let places = shownAt[row], places.contains(where: { $0 != index }) { return true }
        }
        return false
    }

    /// Forgets `slot` (its window was made again: everything in it is drawn anew).
    mutating func forget(_ slot: PaneSlot) { rows[slot] = nil }

    private static func isBlank(_ row: [UInt32]) -> Bool {
        row.allSatisfy { $0 == 0x20 || $0 == 0 }
    }
}
