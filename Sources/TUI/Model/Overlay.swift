/// An overlay drawn over the main screen.
public enum Overlay: Hashable, Sendable {
    /// `?`: the key table, generated from ``ActionTable``.
    case help
    /// `d`: recent network records and the startup timeline.
    case requestLog
    /// `i`: everything known about one event (``ScreenSnapshot/detailLines``).
    case details
}
