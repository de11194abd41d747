import TestSupport

extension Tmux {
    /// Filters the demo list down to its live event ("Person at the front door", Front Door) with
    /// `/`, so Enter plays it: the row the TUI tests play, whatever the generated events around it.
    /// Waits until the list shows that one row (its title may be cut to the column).
    func filterToTheLiveEvent() throws {
        keys("/")
        type("person at the front")
        keys("Enter")
        try waitUntil("the list filtered to the live event") { $0.contains("Person at the fr") && $0.contains("1 of ") }
    }
}
