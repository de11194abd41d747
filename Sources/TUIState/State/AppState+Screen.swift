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
        screen.header = HeaderSnapshot(user: session.user, server: session.serverText, isDemo: session.isDemo,
                                       countsText: list.countsText(review: review),
                                       filtersText: filters.text(now: now, calendar: calendar),
                                       followText: follow.headerText)
        screen.list = list.snapshot(review: review, filters: filters, isEditingFilter: isEditingFilter, now: now, calendar: calendar)
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
            if isTimelineShown, montage == nil {
                screen.timelineView = timeline?.snapshot(lanes: timelineCameras, health: healthBadges, review: review,
                                                         unreviewedOnly: list.isUnreviewedOnly, now: now, calendar: calendar)
            }
            screen.montage = montage?.screen(player: player, health: health, serverCameras: catalogue.serverCameras, calendar: calendar)
        }
        return screen
    }
}
