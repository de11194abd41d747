import AppCore
import EventsAPI
import Foundation

/// The event list: what is loaded and how it pages, what it shows (the `/` text and the `u`
/// view over what is loaded) and the selection. Every mode reads it (the selected event is what
/// `Enter`, `e`, `M`, `L` and the still act on). Pages are fetched as the selection nears the last
/// loaded row; a refresh starts again from the first. The `/` text and the server search are
/// EventList+Search.swift, the pane and the header's counts EventList+Screen.swift.
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

    /// Why there is no camera to pick from (`c`) or to put side by side (`M`).
    var noCamerasText: String {
        isLoading ? "Cameras are known once events have loaded" : "No cameras known yet: no events loaded"
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

    // MARK: - Pages

    /// Drops everything loaded and fetches the first page again with `filter` (the server-side
    /// filters), or asks a server search again.
    mutating func refresh(filter: EventFilter) -> [AppEffect] {
        let generation = restart()
        guard let search else { return [.fetchPage(cursor: nil, generation: generation, filter: filter)] }
        var filter = filter
        filter.search = search.text
        return [.search(filter, semantic: search.semantic, generation: generation)]
    }

    /// The next page when the selection nears the end of what is shown.
    mutating func fetchMoreIfNear(marks: ReviewedMarks, filter: EventFilter) -> [AppEffect] {
        guard let cursor = nextCursor, !isLoading,
              selectedIndex >= visible(marks: marks).count - AppState.prefetchDistance else { return [] }
        isLoading = true
        return [.fetchPage(cursor: cursor, generation: fetchGeneration, filter: filter)]
    }

    /// The selection on shown row `index` (clamped); false when nothing is shown. A kept reviewed
    /// event it leaves goes from the unreviewed-only view.
    mutating func select(index: Int, marks: ReviewedMarks) -> Bool {
        let count = visible(marks: marks).count
        guard count > 0 else { return false }
        selectedIndex = max(0, min(count - 1, index))
        releaseKeptReviewed(marks: marks)
        return true
    }

    /// A page arrived: new events are added (a repeated one is not), and paging follows its
    /// cursor (a server that repeats a cursor stops it, said on `status`). False for a page of an
    /// older load.
    mutating func add(_ page: EventsPage, generation: Int, status: inout StatusLine, now: ContinuousClock.Instant) -> Bool {
        guard generation == fetchGeneration else { return false }
        let known = Set(events.map(\.id))
        events += page.events.filter { !known.contains($0.id) }
        isLoading = false
        switch pageCursors.follow(page.nextCursor) {
        case .next(let cursor): nextCursor = cursor
        case .end: nextCursor = nil
        case .repeated(let cursor):
            // The list keeps what it has; paging stops until a refresh.
            nextCursor = nil
            status.show("Paging stopped: " + EventsAPIError.repeatedCursor(cursor, afterEvents: events.count).message, now: now)
        }
        if page.skipped > 0 { status.show("\(page.skipped) malformed event(s) skipped", now: now) }
        return true
    }

    /// A page failed: loading stops; false for a page of an older load.
    mutating func pageFailed(generation: Int) -> Bool {
        guard generation == fetchGeneration else { return false }
        isLoading = false
        return true
    }

    /// The server no longer has event `id` (its playback failed and the server said so): it
    /// leaves the list, and the selection stays on the row now in its place.
    mutating func drop(_ id: String, marks: ReviewedMarks) {
        let selected = selected(marks: marks)?.id
        events.removeAll { $0.id == id }
        select(id: selected == id ? nil : selected, in: visible(marks: marks))
    }
}
