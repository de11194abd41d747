import EventsAPI
import Foundation

/// Merges what a poll found (``EventChanges``) into the loaded events, newest first: a known
/// event takes its new state (an event in progress its end and length), one the server no longer
/// has leaves, a new one goes where its start puts it. Pure; ``EventList/merge(_:)`` applies it
/// to the list, ``ListFollow/merged(_:above:loaded:)`` counts and notifies what it inserted.
enum ListMerge {
    struct Result: Equatable {
        var events: [Event]
        /// Ids of the events that were not in the list.
        var inserted: Set<String>
        var removed: Int
    }

    /// - Parameter hasMorePages: more pages follow the loaded ones: a new event older than the
    ///   last loaded one is left to its page.
    static func merge(_ events: [Event], _ changes: EventChanges, hasMorePages: Bool) -> Result {
        var latest: [String: Event] = [:]
        for event in changes.events where latest[event.id] == nil { latest[event.id] = event }
        let gone = Set(changes.gone)
        var merged: [Event] = []
        merged.reserveCapacity(events.count + changes.events.count)
        var removed = 0
        for event in events {
            if let now = latest[event.id] {
                merged.append(now)
            } else if gone.contains(event.id) || changes.completeAfter.map({ event.startTime > $0 }) == true {
                removed += 1
            } else {
                merged.append(event)
            }
        }
        let known = Set(events.map(\.id))
        let oldest = hasMorePages ? events.last?.startTime : nil
        var inserted: Set<String> = []
        for event in changes.events where !known.contains(event.id) && !inserted.contains(event.id) {
            if let oldest, event.startTime < oldest { continue }
            let index = merged.firstIndex { $0.startTime < event.startTime } ?? merged.count
            merged.insert(event, at: index)
            inserted.insert(event.id)
        }
        return Result(events: merged, inserted: inserted, removed: removed)
    }
}

extension EventList {
    /// A poll's changes merged into the loaded events (``ListMerge``); nil when they change
    /// nothing. The selection is the caller's to put back on its event (it needs the marks).
    mutating func merge(_ changes: EventChanges) -> ListMerge.Result? {
        let merged = ListMerge.merge(events, changes, hasMorePages: nextCursor != nil)
        guard merged.events != events else { return nil }
        events = merged.events
        return merged
    }
}
