/// The cursors one listing has followed, so that a server whose `nextCursor` comes back to a
/// page already read (the same cursor again, or one from any earlier page) stops the listing
/// instead of looping it for ever. A pure value: the caller follows, this one remembers.
///
/// ```swift
/// var cursors = PageCursors()
/// let page = try await client.events()
/// switch cursors.follow(page.nextCursor) {
/// case .next(let cursor): ... // fetch it
/// case .end: ... // the last page
/// case .repeated(let cursor): ... // stop; say so
/// }
/// ```
public struct PageCursors: Sendable, Equatable {
    /// What to do after a page.
    public enum Step: Sendable, Equatable {
        /// Fetch the page at this cursor (not seen before).
        case next(String)
        /// The page had no `nextCursor`: the listing is complete.
        case end
        /// The server sent a cursor this listing has already followed.
        case repeated(String)
    }

    private var seen: Set<String> = []

    public init() {}

    /// Pages followed so far (cursors taken), not counting the first page.
    public var followed: Int { seen.count }

    /// The step after a page whose `nextCursor` is `next`; a new cursor is remembered.
    public mutating func follow(_ next: String?) -> Step {
        guard let next else { return .end }
        return seen.insert(next).inserted ? .next(next) : .repeated(next)
    }
}
