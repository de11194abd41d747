/// Everything the event list shows.
///
/// ```swift
/// var list = EventListSnapshot(rows: rows, selectedIndex: 0)
/// list.moreAvailable = true
/// list.emptyText = "No events yet. Press r to refresh."
/// ```
public struct EventListSnapshot: Hashable, Sendable {
    /// All loaded rows (already filtered by the App when a filter is active).
    public var rows: [EventRow]
    /// Index into `rows` of the selected row; ignored when `rows` is empty.
    public var selectedIndex: Int
    /// The server has more pages (a "more" line is shown under the last row).
    public var moreAvailable: Bool
    /// A page or a refresh is being fetched.
    public var isLoading: Bool
    /// The active filter text ("" when none).
    public var filterText: String
    /// The user is typing the filter (the message line becomes a `/` prompt).
    public var isEditingFilter: Bool
    /// Line shown when `rows` is empty and nothing is loading.
    public var emptyText: String

    public init(rows: [EventRow] = [], selectedIndex: Int = 0, moreAvailable: Bool = false,
                isLoading: Bool = false, filterText: String = "", isEditingFilter: Bool = false,
                emptyText: String = "No events. Press r to refresh.") {
        self.rows = rows
        self.selectedIndex = selectedIndex
        self.moreAvailable = moreAvailable
        self.isLoading = isLoading
        self.filterText = filterText
        self.isEditingFilter = isEditingFilter
        self.emptyText = emptyText
    }
}
