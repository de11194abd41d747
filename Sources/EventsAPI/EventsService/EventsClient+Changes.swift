import Foundation

/// Following the events service (``EventBackend/changes(since:filter:inProgress:)``).
extension EventsClient {
    /// Its first page with the list's filter: it holds the newest events, those in progress
    /// among them (their playlists grow, ``InProgressMedia/growingPlaylist``), and says what
    /// was deleted among them. One request a poll.
    public func changes(since newest: Date?, filter: EventFilter, inProgress: [Event]) async throws -> EventChanges {
        let page = try await events(cursor: nil, limit: EventChanges.pageSize, filter: filter)
        return EventChanges(events: page.events, completeAfter: EventChanges.completeAfter(page, since: filter.since))
    }
}
