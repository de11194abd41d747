import AppCore
import EventsAPI
import Foundation
import TUI

/// The event list: what it shows (the text filter and "unreviewed only" over what is loaded), the
/// selection, and its pages (fetched as the selection nears the last loaded row; a refresh starts
/// again from the first). Its state is `AppState`'s, which the other features read (the selected
/// event is what `Enter`, `e`, `M` and the still act on).
extension AppState {
    /// The events the list shows: all loaded ones, or those whose camera, title or id contains the filter.
    var visibleEvents: [Event] {
        let needle = filterText.trimmingCharacters(in: .whitespaces)
        let shown = isUnreviewedOnly ? events.filter(isShownWhenUnreviewedOnly) : events
        guard !needle.isEmpty else { return shown }
        return shown.filter {
            $0.cameraName.localizedCaseInsensitiveContains(needle)
                || ($0.title ?? "").localizedCaseInsensitiveContains(needle)
                || $0.id.localizedCaseInsensitiveContains(needle)
        }
    }

    var selectedEvent: Event? {
        let visible = visibleEvents
        return visible.indices.contains(selectedIndex) ? visible[selectedIndex] : nil
    }

    /// Drops everything loaded and fetches the first page again.
    mutating func beginRefresh() -> [AppEffect] {
        fetchGeneration += 1
        events = []
        nextCursor = nil
        pageCursors = PageCursors()
        selectedIndex = 0
        keptReviewedID = nil
        isLoading = true
        return [.fetchPage(cursor: nil, generation: fetchGeneration, filter: listFilters.eventFilter)]
    }

    /// The server no longer has event `id` (its playback failed and the server said so): it
    /// leaves the list, and the selection stays on the row now in its place.
    mutating func dropGoneEvent(_ id: String) {
        let selected = selectedEvent?.id
        events.removeAll { $0.id == id }
        let visible = visibleEvents
        if let selected, selected != id, let index = visible.firstIndex(where: { $0.id == selected }) {
            selectedIndex = index
        } else {
            selectedIndex = max(0, min(selectedIndex, visible.count - 1))
        }
    }

    mutating func select(_ index: Int) -> [AppEffect] {
        let count = visibleEvents.count
        guard count > 0 else { return [] }
        selectedIndex = max(0, min(count - 1, index))
        releaseKeptReviewed()
        return fetchMoreIfNear()
    }

    /// The next page when the selection nears the end of what is loaded.
    mutating func fetchMoreIfNear() -> [AppEffect] {
        guard let cursor = nextCursor, !isLoading,
              selectedIndex >= visibleEvents.count - Self.prefetchDistance else { return [] }
        isLoading = true
        return [.fetchPage(cursor: cursor, generation: fetchGeneration, filter: listFilters.eventFilter)]
    }

    /// `/`: typing filters the loaded events by camera, title or id as you type; Enter keeps the
    /// filter, Esc drops it; the selection stays on the event it was on when that is still shown.
    mutating func applyToFilter(_ action: UserAction) -> [AppEffect] {
        let selected = selectedEvent?.id
        switch action {
        case .insertText(let text): filterText += text
        case .deleteBackward: _ = filterText.popLast()
        case .clearField: filterText = ""
        case .submit: closeToScene()
        case .cancel, .back: filterText = ""; closeToScene()
        default: return []
        }
        let visible = visibleEvents
        selectedIndex = visible.firstIndex { $0.id == selected } ?? 0
        return []
    }

    /// A page arrived: new events are added (a repeated one is not), paging follows its cursor
    /// (a server that repeats a cursor stops it), and a `>` waiting at the last row moves on.
    mutating func pageLoaded(_ page: EventsPage, generation: Int, now: ContinuousClock.Instant) -> [AppEffect] {
        guard generation == fetchGeneration else { return [] }
        let known = Set(events.map(\.id))
        events += page.events.filter { !known.contains($0.id) }
        noteCameras(page.events)
        adoptServerReviewed(page.events)
        let marks = pendingMarksServerAnswered(now: now)   // the server answers: pending marks go
        isLoading = false
        follow.hasBaseline = true   // only events after this page are news (Notify/)
        switch pageCursors.follow(page.nextCursor) {
        case .next(let cursor): nextCursor = cursor
        case .end: nextCursor = nil
        case .repeated(let cursor):
            // The list keeps what it has; paging stops until a refresh.
            nextCursor = nil
            show("Paging stopped: " + EventsAPIError.repeatedCursor(cursor, afterEvents: events.count).message, now: now)
        }
        if page.skipped > 0 { show("\(page.skipped) malformed event(s) skipped", now: now) }
        if let advanced = resolvePendingAdvance(now: now) { return marks + advanced }
        return marks + (filterText.isEmpty ? fetchMoreIfNear() : [])
    }

    /// A page failed: an expired session brings the sign-in form back (a montage open meanwhile
    /// stops); anything else stays on screen as an error until Esc.
    mutating func pageFailed(_ text: String, needsSignIn: Bool, generation: Int) -> [AppEffect] {
        guard generation == fetchGeneration else { return [] }
        isLoading = false
        guard needsSignIn else {
            error = "Cannot load events: \(text)"
            pendingAdvanceFailed(text)   // a `>` waiting for this page says so instead
            return []
        }
        var signIn = SignInForm(userLabel: signInLabel, serverName: serverName)
        signIn.errorText = UserFacing.sentence(text)
        let stops: [AppEffect] = montage == nil ? [] : [.stopMontage]
        mode = .signIn(signIn)
        overlay = nil
        pendingAdvanceFailed(text)
        return stops
    }
}
