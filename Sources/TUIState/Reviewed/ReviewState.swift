import AppCore

/// Reviewing a night of events: the reviewed marks, where they are kept, moving on (`>`, `<`,
/// auto-advance), and keeping what matters past the server's retention (`K`).
struct ReviewState: Sendable {
    /// Reviewed events (loaded at start, saved by the coordinator on each change).
    var marks = ReviewedMarks()
    /// Where the server keeps the marks (Frigate): the marks it has not confirmed yet (shown
    /// pending, sent again when it answers). Nil: the marks are kept in the local file.
    var serverMarks: PendingMarks?
    /// `a`: an event that plays to its end starts the next one.
    var isAutoAdvance = false
    /// `>` at the last loaded row: the next event plays once the next page arrives.
    var pendingAdvance: PendingAdvance?
    /// `K`: keeping events past the server's retention (Keep/).
    var keep = KeepState()

    /// True while the server has not confirmed the mark of `id`.
    func isPending(_ id: String) -> Bool {
        serverMarks?.wanted(id) != nil
    }
}
