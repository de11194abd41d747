import AppCore
import EventsAPI
import Foundation
import TUI

/// `/`: typing filters the loaded events as you type (their id, title, camera, description,
/// labels, zones, faces, plates); Enter keeps the filter; Tab searches every event the server has
/// in the range for the text (``ListSearch``), and so does Enter on a text that starts with `~`
/// (the server's semantic search, where it has one); Esc drops the text (and a search). The
/// selection stays on the event it was on when that is still shown.
extension EventList {
    /// What a key did to the `/` text.
    enum FilterTyping: Equatable {
        /// Typed (or a key that means nothing here): the text is still being edited.
        case typing
        /// Enter, Tab or Esc: the line closes, with the work a search asks for.
        case closed([AppEffect])
    }

    /// A key while the `/` text is edited; `marks` decide what is shown, `filter` (the
    /// server-side filters) goes with a search.
    mutating func editFilter(_ action: UserAction, marks: ReviewedMarks, filter: EventFilter) -> FilterTyping {
        let selected = selected(marks: marks)?.id
        var closed: [AppEffect]?
        switch action {
        case .insertText(let text): filterText += text
        case .deleteBackward: _ = filterText.popLast()
        case .clearField: filterText = ""
        case .submit: closed = filterText.hasPrefix("~") ? startSearch(filter: filter) : []
        case .searchServer: closed = startSearch(filter: filter)
        case .cancel, .back: return .closed(clearFilterText(marks: marks, filter: filter))
        default: return .typing
        }
        selectedIndex = visible(marks: marks).firstIndex { $0.id == selected } ?? 0
        return closed.map(FilterTyping.closed) ?? .typing
    }

    /// Tab on the `/` text (or Enter on `~text`): the server search.
    private mutating func startSearch(filter: EventFilter) -> [AppEffect] {
        guard let search = ListSearch(typed: filterText) else { return [] }
        if search.semantic { filterText = "" }   // its answer need not contain the words
        self.search = search
        var filter = filter
        filter.search = search.text
        isLoading = true
        fetchGeneration += 1   // pages on their way are of the list before
        return [.search(filter, semantic: search.semantic, generation: fetchGeneration)]
    }

    /// Esc on the `/` text: every loaded event again; after a server search, the list's pages.
    mutating func clearFilterText(marks: ReviewedMarks, filter: EventFilter) -> [AppEffect] {
        let selected = selected(marks: marks)?.id
        filterText = ""
        guard search != nil else {
            select(id: selected, in: visible(marks: marks))
            return []
        }
        search = nil
        return refresh(filter: filter)
    }

    /// The server search's answer: it is the list (its notice said on `status`); false for the
    /// answer of an earlier load. The selection is the caller's to put back on its event.
    mutating func searchLoaded(_ found: EventSearch.Found, generation: Int, status: inout StatusLine,
                               now: ContinuousClock.Instant) -> Bool {
        guard generation == fetchGeneration, search != nil else { return false }
        events = found.events
        nextCursor = nil
        isLoading = false
        search?.answer = ListSearch.Answer(count: found.events.count, searched: found.searched, cut: found.cut,
                                           limited: found.limited, answeredBy: found.answeredBy)
        if let notice = found.notice { status.show("Search: \(notice)", now: now) }
        return true
    }
}
