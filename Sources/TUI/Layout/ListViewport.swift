/// Scrolling of a list: the first visible row, kept so the selection stays visible with a margin.
///
/// ```swift
/// ListViewport.top(current: 0, selected: 30, count: 100, height: 10)   // 23
/// ```
public enum ListViewport {
    /// Rows of context kept above/below the selection when scrolling.
    public static let margin = 2

    public static func top(current: Int, selected: Int, count: Int, height: Int) -> Int {
        guard count > height, height > 0 else { return 0 }
        let margin = min(Self.margin, (height - 1) / 2)
        var top = current
        if selected - margin < top { top = selected - margin }
        if selected + margin >= top + height { top = selected + margin - height + 1 }
        return min(max(0, top), count - height)
    }

    /// The selection after a navigation action; nil for other actions.
    public static func resolve(_ action: UserAction, selected: Int, count: Int, pageSize: Int) -> Int? {
        guard count > 0 else { return nil }
        let target: Int
        switch action {
        case .moveUp: target = selected - 1
        case .moveDown: target = selected + 1
        case .pageUp: target = selected - max(1, pageSize - 1)
        case .pageDown: target = selected + max(1, pageSize - 1)
        case .moveToFirst: target = 0
        case .moveToLast: target = count - 1
        default: return nil
        }
        return min(max(0, target), count - 1)
    }
}
