/// One page of `GET /v1/events`, newest first.
public struct EventsPage: Sendable, Hashable {
    /// The events that decoded.
    public var events: [Event]
    /// Pass to the next call; nil on the last page.
    public var nextCursor: String?
    /// Events in the page that were malformed and skipped (logged with the field at fault).
    public var skipped: Int

    public init(events: [Event], nextCursor: String?, skipped: Int = 0) {
        self.events = events
        self.nextCursor = nextCursor
        self.skipped = skipped
    }
}
