import Foundation

/// Paging through a listing that has no cursor, newest first, by start time (Frigate's
/// `GET /api/review` with `before`, exclusive; ZoneMinder's events with `StartDateTime <=`, to the
/// second). The next page asks for `before` just past the oldest start of the last page and
/// leaves out the items it already listed there, so items sharing a start time are neither lost
/// nor repeated; its limit grows by as many.
///
/// The cursor is text (``EventsPage/nextCursor``): `<before>|<id>,<id>…`.
struct StartCursor: Equatable {
    /// How far past the oldest start the next page reaches (Frigate's times are float seconds;
    /// ZoneMinder's whole seconds, so its `<=` of the second rounded down is the same page).
    static let overlap: Double = 0.001

    /// Epoch seconds: ask for items that started before this.
    var before: Double
    /// Items already listed whose start lies in the overlap.
    var seen: Set<String>

    init(before: Double, seen: Set<String>) {
        self.before = before
        self.seen = seen
    }

    init?(_ text: String) {
        let parts = text.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let before = Double(parts[0]), before.isFinite else { return nil }
        self.before = before
        self.seen = Set(parts[1].split(separator: ",").map(String.init))
    }

    /// The position `cursor` names (nil: the first page); throws for text that is not a cursor of
    /// this `listing` ("Frigate", "ZoneMinder").
    static func position(_ cursor: String?, of listing: String) throws -> StartCursor? {
        guard let cursor else { return nil }
        guard let parsed = StartCursor(cursor) else {
            throw EventsAPIError(.rejected, "not a page cursor of this \(listing) listing: \(cursor.prefix(40))")
        }
        return parsed
    }

    var text: String {
        "\(before)|" + seen.sorted().joined(separator: ",")
    }

    /// The cursor after a page whose items (newest first, as the server sent them) are `starts`
    /// with their ids; nil when the page had fewer than it asked for (the last one).
    static func after(page items: [(id: String, start: Double)], asked limit: Int) -> StartCursor? {
        guard items.count >= limit, let oldest = items.map(\.start).min() else { return nil }
        let before = oldest + overlap
        return StartCursor(before: before, seen: Set(items.filter { $0.start < before }.map(\.id)))
    }
}
