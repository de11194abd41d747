import Foundation

/// What changed on the server near the present (``EventBackend/changes(since:filter:inProgress:)``):
/// the events as the server has them now from a little before the newest one seen, the events in
/// progress asked about, and which of those are gone.
///
/// ```swift
/// let changes = try await backend.changes(since: newest, filter: filter, inProgress: live)
/// for event in changes.events where !seen.contains(event.id) { print(event.id) }
/// ```
public struct EventChanges: Sendable, Equatable {
    /// The events that match the filter, as the server has them now, newest first: every one
    /// starting after ``completeAfter``, and the events in progress asked about.
    public var events: [Event]
    /// Every matching event that starts after this is in ``events``: a known one that starts
    /// later and is not there was deleted (or no longer matches). Nil: nothing can be said.
    public var completeAfter: Date?
    /// Ids of the events in progress asked about that the server no longer has.
    public var gone: [String]

    public init(events: [Event], completeAfter: Date?, gone: [String] = []) {
        self.events = events
        self.completeAfter = completeAfter
        self.gone = gone
    }

    /// How far before the newest start seen a poll asks from: items that the server files with
    /// an earlier start (Frigate's review items begin before they are written) are still seen.
    public static let margin: TimeInterval = 300
    /// The most events one poll reads.
    public static let pageSize = 100
    /// The most events in progress one poll asks about by id.
    public static let maxInProgress = 10

    /// What a first page says is complete: all from `since` on when it is the only page, else
    /// what is newer than its oldest event.
    static func completeAfter(_ page: EventsPage, since: Date?) -> Date? {
        if page.nextCursor == nil { return (since ?? .distantPast).addingTimeInterval(-0.001) }
        return page.events.map(\.startTime).min()
    }
}

extension EventBackend {
    /// The default way to follow a server: its first page from a little before `newest`
    /// (``EventChanges/margin``; with the backend's own `since`, e.g. Frigate's `after`,
    /// ZoneMinder's `StartDateTime >=`), then each event in progress that page does not cover
    /// asked for by id (``refreshed(_:)``; one the server refuses is gone).
    public func changes(since newest: Date?, filter: EventFilter, inProgress: [Event]) async throws -> EventChanges {
        var asked = filter
        if let newest {
            let from = newest.addingTimeInterval(-EventChanges.margin)
            asked.since = max(filter.since ?? from, from)
        }
        let page = try await events(cursor: nil, limit: EventChanges.pageSize, filter: asked)
        let completeAfter = EventChanges.completeAfter(page, since: asked.since)
        var changes = EventChanges(events: page.events, completeAfter: completeAfter)
        let listed = Set(page.events.map(\.id))
        for event in inProgress.prefix(EventChanges.maxInProgress) where !listed.contains(event.id) {
            if let completeAfter, event.startTime > completeAfter { changes.gone.append(event.id); continue }
            do {
                changes.events.append(try await refreshed(event))
            } catch let error as EventsAPIError where error.code == .rejected {
                changes.gone.append(event.id)
            }
        }
        return changes
    }
}
