import AppCore
import EventsAPI
import Foundation

/// The unreviewed-only view (`u`) of the list. It never pulls a row from under the cursor: an
/// event marked reviewed while it is selected stays in the list (dimmed, with its mark) until the
/// selection leaves it; then it goes and the selection stays on the event it moved to. Turning
/// the view on moves the selection to the first unreviewed event at or after it (else the last
/// one before it).
extension EventList {
    /// The shown event under the selection, with `marks` deciding what unreviewed-only shows.
    func selected(marks: ReviewedMarks) -> Event? {
        let shown = visible(marks: marks)
        return shown.indices.contains(selectedIndex) ? shown[selectedIndex] : nil
    }

    /// `u`: the view on or off (said on `status`), the selection on the event it was on, or
    /// (turning on) the nearest unreviewed one. True when the view turned on and the selection
    /// moved so: few unreviewed among the loaded ones may need the next page.
    mutating func toggleUnreviewedOnly(marks: ReviewedMarks, status: inout StatusLine, now: ContinuousClock.Instant) -> Bool {
        let selected = selected(marks: marks)?.id
        isUnreviewedOnly.toggle()
        keptReviewedID = nil
        status.show(isUnreviewedOnly ? "Showing unreviewed events only" : "Showing all events", now: now)
        guard isUnreviewedOnly, let selected, let position = events.firstIndex(where: { $0.id == selected }) else {
            select(id: selected, in: visible(marks: marks))
            return false
        }
        let shown = Set(visible(marks: marks).map(\.id))
        let target = events[position...].first { shown.contains($0.id) } ?? events[..<position].last { shown.contains($0.id) }
        select(id: target?.id, in: visible(marks: marks))
        return true
    }

    /// Events of `ids` were just marked reviewed: the selected one (`selected`) among them stays
    /// under the cursor in unreviewed-only until the selection leaves it.
    mutating func keepUnderCursor(_ ids: [String], selected: String?) {
        if isUnreviewedOnly, let selected, ids.contains(selected) { keptReviewedID = selected }
    }

    /// Selects the shown event `id`; leaving the kept reviewed event lets it go.
    mutating func select(event id: String, marks: ReviewedMarks) {
        if keptReviewedID != id { keptReviewedID = nil }
        select(id: id, in: visible(marks: marks))
    }

    /// After the selection moved (keys, mouse): a kept reviewed event it left goes from the list.
    mutating func releaseKeptReviewed(marks: ReviewedMarks) {
        guard let kept = keptReviewedID, let selected = selected(marks: marks)?.id, selected != kept else { return }
        select(event: selected, marks: marks)
    }

    /// The list's empty line in unreviewed-only.
    var unreviewedEmptyText: String {
        filterText.isEmpty ? "Every loaded event is reviewed. u shows them all." : "No loaded unreviewed event matches “\(filterText)”."
    }
}
