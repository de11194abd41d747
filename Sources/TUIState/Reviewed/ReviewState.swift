import AppCore
import EventsAPI
import Foundation
import TUI

/// Reviewing a night of events: the reviewed marks, where they are kept, moving on (`>`, `<`,
/// auto-advance), and keeping what matters past the server's retention (`K`).
///
/// Marks live in ``marks`` (what the user made them); each change returns
/// ``AppEffect/saveReviewed(id:isReviewed:)`` for the coordinator to write to the marks file
/// (`ReviewedMarks.update(at:_:)`, off the UI thread), or, where the server keeps the marks
/// (Frigate), goes through ``serverMarks`` to the server (ReviewState+PendingMarks.swift). The
/// list's unreviewed-only view (`u`) is the list's (EventList+Unreviewed.swift).
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

    /// Marks or unmarks `id`, saved or sent (``record(_:_:now:)``); nil when nothing changed.
    mutating func set(_ id: String, _ isReviewed: Bool, now: ContinuousClock.Instant) -> [AppEffect]? {
        guard marks.isReviewed(id) != isReviewed else { return nil }
        if isReviewed { marks.mark(id) } else { marks.unmark(id) }
        return record([id], isReviewed, now: now)
    }

    /// `x` on `event`: whether it is to become reviewed, said on the message line with `text`
    /// naming the event.
    func toggled(_ event: Event, named text: String, status: inout StatusLine, now: ContinuousClock.Instant) -> Bool {
        let isReviewed = !marks.isReviewed(event.id)
        status.show("\(isReviewed ? "Reviewed" : "Not reviewed"): \(text)", now: now)
        return isReviewed
    }

    /// `X`: every event of `shown` (what the list shows, loaded and after its filters) that is
    /// not reviewed yet is marked, in one save; returns their ids and the save, nil when every
    /// one was reviewed already.
    mutating func markReviewed(_ shown: [Event], status: inout StatusLine,
                               now: ContinuousClock.Instant) -> (ids: [String], effects: [AppEffect])? {
        let ids = shown.map(\.id).filter { !marks.isReviewed($0) }
        guard !ids.isEmpty else {
            status.show("Every event shown is reviewed already", now: now)
            return nil
        }
        for id in ids { marks.mark(id) }
        status.show("Marked \(ids.count) event\(ids.count == 1 ? "" : "s") reviewed", now: now)
        return (ids, record(ids, true, now: now))
    }

    /// A list row with its reviewed mark, pending while the server has not confirmed it.
    func marked(_ row: EventRow) -> EventRow {
        var row = row
        row.isReviewed = marks.isReviewed(row.id)
        row.isMarkPending = isPending(row.id)
        return row
    }

    /// Marks the server keeps (Frigate's, per user) win over the local file for its events: a
    /// loaded event's `serverReviewed` is taken as it comes (nothing to save; the server has
    /// it), but for a mark still pending (the server does not have it yet) the pending one stays.
    mutating func adoptServerReviewed(_ events: [Event]) {
        for event in events {
            guard let onServer = event.serverReviewed, !isPending(event.id),
                  marks.isReviewed(event.id) != onServer else { continue }
            if onServer { marks.mark(event.id) } else { marks.unmark(event.id) }
        }
    }
}
