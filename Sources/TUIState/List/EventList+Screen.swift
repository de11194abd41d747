import AppCore
import EventsAPI
import Foundation
import PlaybackStates
import SystemSupport
import TUI

/// The list's pane and the header's counts, as the screen snapshot takes them.
extension EventList {
    /// The pane: the shown rows with their reviewed marks (`review`), the selection, and the line
    /// an empty list shows (what to do about the `/` text, the server-side `filters`, the view).
    func snapshot(review: ReviewState, filters: ListFilters, isEditingFilter: Bool, now: Date,
                  calendar: Calendar) -> EventListSnapshot {
        var snapshot = EventListSnapshot(
            rows: visible(marks: review.marks).map { review.marked(Self.row($0, now: now, calendar: calendar)) },
            selectedIndex: selectedIndex, moreAvailable: nextCursor != nil, isLoading: isLoading,
            filterText: filterText, isEditingFilter: isEditingFilter, emptyText: emptyText(filters: filters))
        if isUnreviewedOnly, !events.isEmpty { snapshot.emptyText = unreviewedEmptyText }
        return snapshot
    }

    /// The header's counts: "loading…" while the list is empty and its first page is on the way
    /// (not "0 loaded": the list has no rows yet, and keys for them would do nothing); a search's
    /// answer; they end with the view and the marks not saved yet: "12 of 60 loaded · more ·
    /// unreviewed only · 2 marks pending (…)".
    func countsText(review: ReviewState) -> String {
        let viewText = (isUnreviewedOnly ? " · unreviewed only" : "") + review.pendingText
        if let search {
            let shownCount = visible(marks: review.marks).count
            let shown = shownCount == events.count ? "" : " · \(shownCount) shown"
            return search.headerText + (search.answer == nil ? "" : shown) + viewText
        }
        if events.isEmpty, isLoading { return "loading…" + viewText }
        let loaded = filterText.isEmpty && !isUnreviewedOnly ? "\(events.count) loaded"
            : "\(visible(marks: review.marks).count) of \(events.count) loaded"
        return (nextCursor == nil ? loaded : loaded + " · more") + viewText
    }

    /// One event's row (without its reviewed mark: ``ReviewState/marked(_:)``).
    static func row(_ event: Event, now: Date, calendar: Calendar) -> EventRow {
        let live = event.isLive(at: now)
        // Server text: control characters shown escaped, as everywhere (TerminalText). The
        // faces and plates the server recognised follow the title.
        // (Frigate's own title names the faces among the objects already.)
        let base = event.title ?? event.id
        let seen = ((event.subLabels ?? []) + (event.plates ?? [])).filter { !base.contains($0) }
        let title = ([base] + seen).joined(separator: " · ")
        var row = EventRow(id: event.id, camera: TerminalText.printable(event.cameraName), title: TerminalText.printable(title),
                           startText: WallTimeText.start(event.startTime, now: now, calendar: calendar),
                           durationText: event.duration.map(DurationText.clock) ?? "",
                           bucket: TerminalText.printable(event.bucket), isLive: live)
        row.threatLevel = event.description?.threatLevel
        row.isKept = event.kept == true
        return row
    }

    /// The empty list's line: what to do about the `/` text, the server-side filters, or nothing.
    private func emptyText(filters: ListFilters) -> String {
        if !filterText.isEmpty { return "No loaded event matches “\(filterText)”. Esc clears the filter." }
        if filters.isEmpty { return "No events. Press r to refresh." }
        let keys = ["t", "c"] + (filters.severity == nil ? [] : ["s"]) + (filters.labelChoice == nil ? [] : ["o"])
            + (filters.zone == nil ? [] : ["z"])
        return "No events match the filters (\(keys.dropLast().joined(separator: ", ")) and \(keys.last ?? "c") change them)."
    }
}
