import AppCore
import EventsAPI
import Foundation

/// The event list: what is loaded and how it pages, what it shows (the `/` text and the `u`
/// view over what is loaded) and the selection. Every mode reads it (the selected event is what
/// `Enter`, `e`, `M`, `L` and the still act on); AppState+List.swift carries out its keys.
struct EventList: Sendable {
    var events: [Event] = []
    var nextCursor: String?
    /// The cursors this listing has followed: a server that repeats one stops paging.
    var pageCursors = PageCursors()
    var isLoading = false
    /// Bumped by a refresh; pages of older generations are dropped.
    var fetchGeneration = 0
    /// The `/` text.
    var filterText = ""
    /// Index into the shown events (``visible(marks:)``).
    var selectedIndex = 0
    /// `u`: only the events not reviewed yet.
    var isUnreviewedOnly = false
    /// A reviewed event that stays in the unreviewed-only list until the selection leaves it.
    var keptReviewedID: String?
    /// The server search `/` and Enter started, whose answer is the list (nil: the list's pages).
    var search: ListSearch?

    /// The events shown: every loaded one, or those the `/` text matches (``EventSearch/matches(_:text:)``:
    /// id, title, camera, the generative description, labels, zones, faces, plates); in
    /// unreviewed-only, those not in `marks` (and the one kept under the cursor).
    func visible(marks: ReviewedMarks) -> [Event] {
        let needle = filterText.trimmingCharacters(in: .whitespaces)
        let shown = isUnreviewedOnly ? events.filter { !marks.isReviewed($0.id) || $0.id == keptReviewedID } : events
        guard !needle.isEmpty else { return shown }
        return shown.filter { EventSearch.matches($0, text: needle) }
    }

    /// Drops everything loaded for a new first page; returns its generation.
    mutating func restart() -> Int {
        fetchGeneration += 1
        events = []
        nextCursor = nil
        pageCursors = PageCursors()
        selectedIndex = 0
        keptReviewedID = nil
        search?.answer = nil
        isLoading = true
        return fetchGeneration
    }

    /// The selection on the shown event `id` (among `visible`), else clamped to them.
    mutating func select(id: String?, in visible: [Event]) {
        if let id, let index = visible.firstIndex(where: { $0.id == id }) {
            selectedIndex = index
        } else {
            selectedIndex = max(0, min(selectedIndex, visible.count - 1))
        }
    }
}
