import AppCore
import EventsAPI
import Foundation
import TUI

/// The event list: what it shows (the text filter and "unreviewed only" over what is loaded), the
/// selection, and its pages (fetched as the selection nears the last loaded row; a refresh starts
/// again from the first). Its state is `AppState`'s, which the other features read (the selected
/// event is what `Enter`, `e`, `M` and the still act on).
extension AppState {
    /// The events the list shows (``EventList/visible(marks:)``).
    var visibleEvents: [Event] {
        list.visible(marks: review.marks)
    }

    var selectedEvent: Event? {
        let visible = visibleEvents
        return visible.indices.contains(list.selectedIndex) ? visible[list.selectedIndex] : nil
    }

    /// Drops everything loaded and fetches the first page again.
    mutating func beginRefresh() -> [AppEffect] {
        if let search = list.search {
            let generation = list.restart()
            var filter = filters.eventFilter
            filter.search = search.text
            return [.search(filter, semantic: search.semantic, generation: generation)]
        }
        list.fetchGeneration += 1
        list.events = []
        list.nextCursor = nil
        list.pageCursors = PageCursors()
        list.selectedIndex = 0
        list.keptReviewedID = nil
        list.isLoading = true
        return [.fetchPage(cursor: nil, generation: list.fetchGeneration, filter: filters.eventFilter)]
    }

    /// The server no longer has event `id` (its playback failed and the server said so): it
    /// leaves the list, and the selection stays on the row now in its place.
    mutating func dropGoneEvent(_ id: String) {
        let selected = selectedEvent?.id
        list.events.removeAll { $0.id == id }
        list.select(id: selected == id ? nil : selected, in: visibleEvents)
    }

    mutating func select(_ index: Int) -> [AppEffect] {
        let count = visibleEvents.count
        guard count > 0 else { return [] }
        list.selectedIndex = max(0, min(count - 1, index))
        releaseKeptReviewed()
        return fetchMoreIfNear()
    }

    /// The next page when the selection nears the end of what is loaded.
    mutating func fetchMoreIfNear() -> [AppEffect] {
        guard let cursor = list.nextCursor, !list.isLoading,
              list.selectedIndex >= visibleEvents.count - Self.prefetchDistance else { return [] }
        list.isLoading = true
        return [.fetchPage(cursor: cursor, generation: list.fetchGeneration, filter: filters.eventFilter)]
    }

    /// `/`: typing filters the loaded events as you type (their id, title, camera, description,
    /// labels, zones, faces, plates); Enter keeps the filter; Tab searches every event the server
    /// has in the range for the text (``ListSearch``), and so does Enter on a text that starts with
    /// `~` (the server's semantic search, where it has one); Esc drops the text (and a search). The
    /// selection stays on the event it was on when that is still shown.
    mutating func applyToFilter(_ action: UserAction) -> [AppEffect] {
        let selected = selectedEvent?.id
        var effects: [AppEffect] = []
        switch action {
        case .insertText(let text): list.filterText += text
        case .deleteBackward: _ = list.filterText.popLast()
        case .clearField: list.filterText = ""
        case .submit:
            closeToScene()
            if list.filterText.hasPrefix("~") { effects = startSearch() }
        case .searchServer:
            closeToScene()
            effects = startSearch()
        case .cancel, .back:
            closeToScene()
            return clearFilterText()
        default: return []
        }
        let visible = visibleEvents
        list.selectedIndex = visible.firstIndex { $0.id == selected } ?? 0
        return effects
    }

    /// Tab on the `/` text (or Enter on `~text`): the server search.
    private mutating func startSearch() -> [AppEffect] {
        guard let search = ListSearch(typed: list.filterText) else { return [] }
        if search.semantic { list.filterText = "" }   // its answer need not contain the words
        list.search = search
        var filter = filters.eventFilter
        filter.search = search.text
        list.isLoading = true
        list.fetchGeneration += 1   // pages on their way are of the list before
        return [.search(filter, semantic: search.semantic, generation: list.fetchGeneration)]
    }

    /// Esc on the `/` text: every loaded event again; after a server search, the list's pages.
    mutating func clearFilterText() -> [AppEffect] {
        let selected = selectedEvent?.id
        list.filterText = ""
        guard list.search != nil else {
            list.select(id: selected, in: visibleEvents)
            return []
        }
        list.search = nil
        return beginRefresh()
    }

    /// The server search's answer: it is the list (the selection kept on its event when found).
    mutating func searchLoaded(_ found: EventSearch.Found, generation: Int, now: ContinuousClock.Instant) {
        guard generation == list.fetchGeneration, list.search != nil else { return }
        let selected = selectedEvent?.id
        list.events = found.events
        list.nextCursor = nil
        list.isLoading = false
        list.search?.answer = ListSearch.Answer(count: found.events.count, searched: found.searched, cut: found.cut,
                                                limited: found.limited, answeredBy: found.answeredBy)
        catalogue.noteCameras(found.events)
        adoptServerReviewed(found.events)
        if let notice = found.notice { show("Search: \(notice)", now: now) }
        list.select(id: selected, in: visibleEvents)
    }

    /// A page arrived: new events are added (a repeated one is not), paging follows its cursor
    /// (a server that repeats a cursor stops it), and a `>` waiting at the last row moves on.
    mutating func pageLoaded(_ page: EventsPage, generation: Int, now: ContinuousClock.Instant) -> [AppEffect] {
        guard generation == list.fetchGeneration else { return [] }
        let known = Set(list.events.map(\.id))
        list.events += page.events.filter { !known.contains($0.id) }
        noteCameras(page.events)
        adoptServerReviewed(page.events)
        let marks = pendingMarksServerAnswered(now: now)   // the server answers: pending marks go
        list.isLoading = false
        follow.hasBaseline = true   // only events after this page are news (Notify/)
        switch list.pageCursors.follow(page.nextCursor) {
        case .next(let cursor): list.nextCursor = cursor
        case .end: list.nextCursor = nil
        case .repeated(let cursor):
            // The list keeps what it has; paging stops until a refresh.
            list.nextCursor = nil
            show("Paging stopped: " + EventsAPIError.repeatedCursor(cursor, afterEvents: list.events.count).message, now: now)
        }
        if page.skipped > 0 { show("\(page.skipped) malformed event(s) skipped", now: now) }
        if let advanced = resolvePendingAdvance(now: now) { return marks + advanced }
        return marks + (list.filterText.isEmpty ? fetchMoreIfNear() : [])
    }

    /// A page failed: an expired session brings the sign-in form back (a montage open meanwhile
    /// stops); anything else stays on screen as an error until Esc.
    mutating func pageFailed(_ text: String, needsSignIn: Bool, generation: Int) -> [AppEffect] {
        guard generation == list.fetchGeneration else { return [] }
        list.isLoading = false
        guard needsSignIn else {
            status.error = "Cannot load events: \(text)"
            pendingAdvanceFailed(text)   // a `>` waiting for this page says so instead
            return []
        }
        var signIn = SignInForm(userLabel: session.signInLabel, serverName: session.serverName)
        signIn.errorText = UserFacing.sentence(text)
        let stops: [AppEffect] = montage == nil ? [] : [.stopMontage]
        mode = .signIn(signIn)
        overlay = nil
        pendingAdvanceFailed(text)
        return stops
    }
}
