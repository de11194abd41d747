/// The top line: who is signed in where, and how many events are loaded.
///
/// ```swift
/// let header = HeaderSnapshot(user: "Demo User", server: "127.0.0.1:8080", isDemo: true, countsText: "120 of 3000")
/// ```
public struct HeaderSnapshot: Hashable, Sendable {
    /// Display name of the signed-in user; empty before sign-in.
    public var user: String
    /// Server shown to the user (host:port or URL).
    public var server: String
    /// Shows a "demo" badge (embedded demo backend).
    public var isDemo: Bool
    /// Counts as shown on the right, e.g. "120 loaded · more".
    public var countsText: String
    /// The server-side filters in force, e.g. "camera: Front Door · until Yesterday 18:00"; "" when none.
    /// Shown left of the counts, cut with "…" on narrow terminals (the user name goes first).
    public var filtersText: String
    /// Following the server, e.g. "following · 3 new" (shown left of the counts); "" when not.
    public var followText: String

    public init(user: String = "", server: String = "", isDemo: Bool = false, countsText: String = "", filtersText: String = "",
                followText: String = "") {
        self.followText = followText
        self.user = user
        self.server = server
        self.isDemo = isDemo
        self.countsText = countsText
        self.filtersText = filtersText
    }
}
