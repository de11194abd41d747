/// A small list to choose one item from (the `c` camera picker): Up/Down move, Enter picks, Esc closes;
/// the camera picker's rows may carry each camera's health (``badges``).
///
/// ```swift
/// let picker = PickerSnapshot(title: "Camera", items: ["All cameras", "Driveway", "Front Door"], selectedIndex: 2)
/// ```
public struct PickerSnapshot: Hashable, Sendable {
    public var title: String
    public var items: [String]
    /// Index into `items`.
    public var selectedIndex: Int
    /// Index of the item in force now (marked with •), if any.
    public var currentIndex: Int?
    /// A camera's health beside its row (the `c` picker), by index into `items`; empty or nil
    /// where there is none to show.
    public var badges: [CameraHealthBadge?] = []

    public init(title: String, items: [String], selectedIndex: Int = 0, currentIndex: Int? = nil) {
        self.title = title
        self.items = items
        self.selectedIndex = selectedIndex
        self.currentIndex = currentIndex
    }
}
