import AppCore
import EventsAPI
import Foundation
import PlaybackStates
import SystemSupport
import TUI

extension AppState {
    /// What the TUI draws for this state (`requestLog` rows are added by the coordinator).
    public func screen(now: Date = Date(), calendar: Calendar = .current) -> ScreenSnapshot {
        var screen = ScreenSnapshot()
        screen.signIn = form?.snapshot(server: session.server)
        screen.header = HeaderSnapshot(user: session.user, server: session.serverText, isDemo: session.isDemo, countsText: countsText,
                                       filtersText: filters.text(now: now, calendar: calendar),
                                       followText: follow.headerText)
        screen.list = EventListSnapshot(
            rows: visibleEvents.map { listRow($0, now: now, calendar: calendar) },
            selectedIndex: list.selectedIndex, moreAvailable: list.nextCursor != nil, isLoading: list.isLoading,
            filterText: list.filterText, isEditingFilter: isEditingFilter,
            emptyText: emptyListText)
        if list.isUnreviewedOnly, !list.events.isEmpty { screen.list.emptyText = unreviewedEmptyText }
        screen.isAutoAdvance = review.isAutoAdvance
        screen.isFullPane = isFullPane && player.isTerminalVideo
        screen.player = playback?.snapshot(player: player, healthBadges: healthBadges, now: now, calendar: calendar)
        if let pane = still.snapshot(of: selectedEvent, player: player, now: now, calendar: calendar) { screen.player = pane }
        screen.focus = focus
        screen.route = keyRoute
        screen.overlay = form == nil ? overlay ?? (detailsView == nil ? nil : .details) : nil
        if let view = detailsView {
            screen.detailLines = view.lines(known: .init(isReviewed: review.marks.isReviewed(view.event.id),
                                                         isMarkPending: review.isPending(view.event.id),
                                                         keepName: review.keep.name,
                                                         isKeepPending: review.keep.inFlight[view.event.id] != nil),
                                            now: now, calendar: calendar)
        }
        // Messages and errors quote URLs and server text: the one redaction applies, and control
        // characters are shown escaped (``UserFacing/shown(_:)``).
        screen.message = status.message.map { StatusMessage(UserFacing.shown($0.text)) }
        screen.error = status.error.map(UserFacing.shown)
        screen.timeline = playback?.timeline.map(StartupTimelineRows.rows) ?? []
        screen.prompt = datePrompt?.snapshot
            ?? keepConfirmation.map { PromptSnapshot(label: $0.label, text: "", hint: "y keeps them · n or Esc: no") }
        screen.picker = cameraPicker?.snapshot(health: healthBadges) ?? valuePicker?.snapshot ?? serverPicker?.snapshot
        screen.exportText = export.job.map { Redactor.shared.redact($0.statusText) }
        if screen.signIn == nil {
            screen.timelineView = timelineSnapshot(now: now, calendar: calendar)
            screen.montage = montage?.screen(player: player, health: health, serverCameras: catalogue.serverCameras, calendar: calendar)
        }
        return screen
    }

    /// The header's counts: "loading…" while the list is empty and its first page is on the way
    /// (not "0 loaded": the list has no rows yet, and keys for them would do nothing).
    var countsText: String {
        if let search = list.search {
            let shown = visibleEvents.count == list.events.count ? "" : " · \(visibleEvents.count) shown"
            return search.headerText + (search.answer == nil ? "" : shown) + reviewViewText
        }
        if list.events.isEmpty, list.isLoading { return "loading…" + reviewViewText }
        let loaded = list.filterText.isEmpty && !list.isUnreviewedOnly ? "\(list.events.count) loaded" : "\(visibleEvents.count) of \(list.events.count) loaded"
        return (list.nextCursor == nil ? loaded : loaded + " · more") + reviewViewText
    }

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
    private var emptyListText: String {
        if !list.filterText.isEmpty { return "No loaded event matches “\(list.filterText)”. Esc clears the filter." }
        if filters.isEmpty { return "No events. Press r to refresh." }
        let keys = ["t", "c"] + (filters.severity == nil ? [] : ["s"]) + (filters.labelChoice == nil ? [] : ["o"])
            + (filters.zone == nil ? [] : ["z"])
        return "No events match the filters (\(keys.dropLast().joined(separator: ", ")) and \(keys.last ?? "c") change them)."
    }
}
