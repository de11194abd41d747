import AppCore
import EventsAPI
import Foundation
import TUI

/// Reviewed marks (`x`, and every event played to its end) and the unreviewed-only view (`u`).
///
/// Marks live in ``reviewed`` (what the user made them); each change returns
/// ``AppEffect/saveReviewed(id:isReviewed:)`` for the coordinator to write to the marks file
/// (`ReviewedMarks.update(at:_:)`, off the UI thread), or, where the server keeps the marks
/// (Frigate), goes through ``pendingMarks`` to the server (AppState+PendingMarks.swift).
///
/// Unreviewed-only never pulls a row from under the cursor: an event marked reviewed while it is
/// selected stays in the list (dimmed, with its mark) until the selection leaves it; then it goes
/// and the selection stays on the event it moved to. Turning the view on moves the selection to
/// the first unreviewed event at or after it (else the last one before it).
extension AppState {
    /// The marks saved by earlier sessions (before the first screen).
    ///
    /// ```swift
    /// state.loadReviewed(ReviewedMarks.load(from: ReviewedMarks.fileURL(in: paths.state)))
    /// ```
    public mutating func loadReviewed(_ marks: ReviewedMarks) {
        review.marks = marks
    }

    /// Marks the server keeps (Frigate's, per user) win over the local file for its events: a
    /// page's `serverReviewed` is taken as it comes (nothing to save; the server has it), but
    /// for a mark still pending (the server does not have it yet) the pending one stays.
    mutating func adoptServerReviewed(_ events: [Event]) {
        for event in events {
            guard let onServer = event.serverReviewed, !review.isPending(event.id),
                  review.marks.isReviewed(event.id) != onServer else { continue }
            if onServer { review.marks.mark(event.id) } else { review.marks.unmark(event.id) }
        }
    }

    /// Review keys: next/previous, auto-advance, marks, the unreviewed-only view.
    mutating func applyReview(_ action: UserAction, now: ContinuousClock.Instant) -> [AppEffect] {
        switch action {
        case .nextEvent: return advance(.next, from: advanceAnchor, now: now)
        case .previousEvent: return advance(.previous, from: advanceAnchor, now: now)
        case .toggleAutoAdvance: toggleAutoAdvance(now: now)
        case .toggleReviewed: return toggleReviewed(now: now)
        case .markShownReviewed: return markShownReviewed(now: now)
        case .toggleUnreviewedOnly: return toggleUnreviewedOnly(now: now)
        default: break
        }
        return []
    }

    /// `x`: the selected event in the list, the playing one in the player (the selected one
    /// before anything played).
    mutating func toggleReviewed(now: ContinuousClock.Instant) -> [AppEffect] {
        guard let event = keyedEvent else { return [] }
        let isReviewed = !review.marks.isReviewed(event.id)
        show("\(isReviewed ? "Reviewed" : "Not reviewed"): \(event.cameraName) · \(event.title ?? event.id)", now: now)
        return setReviewed(event.id, isReviewed, now: now)
    }

    /// `X`: every event the list shows (loaded, after its filters) that is not reviewed yet is
    /// marked, in one save. Unreviewed-only keeps the selected one under the cursor.
    mutating func markShownReviewed(now: ContinuousClock.Instant) -> [AppEffect] {
        let ids = visibleEvents.map(\.id).filter { !review.marks.isReviewed($0) }
        guard !ids.isEmpty else {
            show("Every event shown is reviewed already", now: now)
            return []
        }
        for id in ids { review.marks.mark(id) }
        if list.isUnreviewedOnly, let selected = selectedEvent?.id, ids.contains(selected) { list.keptReviewedID = selected }
        show("Marked \(ids.count) event\(ids.count == 1 ? "" : "s") reviewed", now: now)
        return recordMarks(ids, true, now: now)
    }

    /// Marks or unmarks `id`; the selection stays on its event (a marked selected one is kept in
    /// unreviewed-only until the selection leaves it). Nothing to save when nothing changed.
    mutating func setReviewed(_ id: String, _ isReviewed: Bool, now: ContinuousClock.Instant) -> [AppEffect] {
        guard review.marks.isReviewed(id) != isReviewed else { return [] }
        let selected = selectedEvent?.id
        if isReviewed { review.marks.mark(id) } else { review.marks.unmark(id) }
        if isReviewed, list.isUnreviewedOnly, id == selected { list.keptReviewedID = id }
        list.select(id: selected, in: visibleEvents)
        return recordMarks([id], isReviewed, now: now)
    }

    mutating func toggleUnreviewedOnly(now: ContinuousClock.Instant) -> [AppEffect] {
        let selected = selectedEvent?.id
        list.isUnreviewedOnly.toggle()
        list.keptReviewedID = nil
        show(list.isUnreviewedOnly ? "Showing unreviewed events only" : "Showing all events", now: now)
        guard list.isUnreviewedOnly, let selected, let position = list.events.firstIndex(where: { $0.id == selected }) else {
            list.select(id: selected, in: visibleEvents)
            return []
        }
        let shown = Set(visibleEvents.map(\.id))
        let target = list.events[position...].first { shown.contains($0.id) } ?? list.events[..<position].last { shown.contains($0.id) }
        list.select(id: target?.id, in: visibleEvents)
        return fetchMoreIfNear()   // few unreviewed among the loaded ones: the next page
    }

    /// Selects the shown event `id`; leaving the kept reviewed event lets it go.
    mutating func selectEvent(id: String) {
        if list.keptReviewedID != id { list.keptReviewedID = nil }
        list.select(id: id, in: visibleEvents)
    }

    /// After the selection moved (keys, mouse): a kept reviewed event it left goes from the list.
    mutating func releaseKeptReviewed() {
        guard let kept = list.keptReviewedID, let selected = selectedEvent?.id, selected != kept else { return }
        selectEvent(id: selected)
    }


    /// A list row with its reviewed mark, pending while the server has not confirmed it.
    func listRow(_ event: Event, now: Date, calendar: Calendar) -> EventRow {
        var row = Self.row(event, now: now, calendar: calendar)
        row.isReviewed = review.marks.isReviewed(event.id)
        row.isMarkPending = review.isPending(event.id)
        return row
    }

    /// The header's counts end with the view and the marks not saved yet: "12 of 60 loaded ·
    /// more · unreviewed only · 2 marks pending (…)".
    var reviewViewText: String {
        (list.isUnreviewedOnly ? " · unreviewed only" : "") + pendingMarksText
    }

    /// The list's empty line in unreviewed-only.
    var unreviewedEmptyText: String {
        list.filterText.isEmpty ? "Every loaded event is reviewed. u shows them all." : "No loaded unreviewed event matches “\(list.filterText)”."
    }
}
