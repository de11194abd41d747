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
        screen.signIn = form?.snapshot(server: server)
        screen.header = HeaderSnapshot(user: user, server: serverText, isDemo: isDemo, countsText: countsText,
                                       filtersText: listFilters.text(now: now, calendar: calendar),
                                       followText: follow.headerText)
        screen.list = EventListSnapshot(
            rows: visibleEvents.map { listRow($0, now: now, calendar: calendar) },
            selectedIndex: selectedIndex, moreAvailable: nextCursor != nil, isLoading: isLoading,
            filterText: filterText, isEditingFilter: isEditingFilter,
            emptyText: emptyListText)
        if isUnreviewedOnly, !events.isEmpty { screen.list.emptyText = unreviewedEmptyText }
        screen.isAutoAdvance = isAutoAdvance
        screen.isFullPane = isFullPane && isTerminalVideo
        screen.player = playback.map { playerSnapshot($0, now: now, calendar: calendar) }
        if let still = stillSnapshot(now: now, calendar: calendar) { screen.player = still }
        screen.focus = focus
        screen.route = keyRoute
        screen.overlay = form == nil ? overlay : nil
        // Messages and errors quote URLs and server text: the one redaction applies, and control
        // characters are shown escaped (``UserFacing/shown(_:)``).
        screen.message = message.map { StatusMessage(UserFacing.shown($0.text)) }
        screen.error = error.map(UserFacing.shown)
        screen.timeline = playback?.timeline.map(StartupTimelineRows.rows) ?? []
        screen.prompt = datePrompt?.snapshot
        screen.picker = cameraPicker?.snapshot(health: healthBadges) ?? valuePicker?.snapshot ?? serverPicker?.snapshot
        screen.exportText = exportJob.map { Redactor.shared.redact($0.statusText) }
        if screen.signIn == nil {
            screen.timelineView = timelineSnapshot(now: now, calendar: calendar)
            screen.montage = montageScreen(calendar: calendar)
        }
        return screen
    }

    /// host:port of the server.
    var serverText: String {
        guard let url = URL(string: server), let host = url.host else { return server }
        return url.port.map { "\(host):\($0)" } ?? host
    }

    /// The header's counts: "loading…" while the list is empty and its first page is on the way
    /// (not "0 loaded": the list has no rows yet, and keys for them would do nothing).
    var countsText: String {
        if events.isEmpty, isLoading { return "loading…" + reviewViewText }
        let loaded = filterText.isEmpty && !isUnreviewedOnly ? "\(events.count) loaded" : "\(visibleEvents.count) of \(events.count) loaded"
        return (nextCursor == nil ? loaded : loaded + " · more") + reviewViewText
    }

    static func row(_ event: Event, now: Date, calendar: Calendar) -> EventRow {
        let live = event.isLive(at: now)
        // Server text: control characters shown escaped, as everywhere (TerminalText).
        return EventRow(id: event.id, camera: TerminalText.printable(event.cameraName), title: TerminalText.printable(event.title ?? event.id),
                        startText: WallTimeText.start(event.startTime, now: now, calendar: calendar),
                        durationText: event.duration.map(DurationText.clock) ?? "",
                        bucket: TerminalText.printable(event.bucket), isLive: live)
    }

    func playerSnapshot(_ model: PlaybackModel, now: Date, calendar: Calendar) -> PlayerPaneSnapshot {
        let event = model.event
        var snapshot = PlayerPaneSnapshot(
            title: TerminalText.printable("\(event.cameraName) · \(event.title ?? event.id)"),
            subtitle: TerminalText.printable("\(WallTimeText.start(event.startTime, now: now, calendar: calendar)) · \(event.bucket) · \(event.id)"),
            playback: model.playback, load: model.load, finish: model.finish, position: model.position,
            duration: model.duration, bufferedAhead: model.bufferedAhead, pendingSeekTarget: model.pendingSeekTarget,
            isMuted: muted, volume: volume,
            videoModeText: isTerminalVideo && !isVideoOn ? "video off" : videoModeText,
            networkText: networkText, isLive: model.isLive)
        snapshot.downloadRateText = downloadRateText(model)
        let failed = if case .error = model.finish { true } else { false }
        snapshot.showsVideo = isTerminalVideo && isVideoOn && !model.isPreparing && !failed
        if model.isPreparing { snapshot.subtitle += " · preparing…" }
        snapshot.speedText = speed.isNormal ? "" : speed.text
        snapshot.showsFrameTime = model.showsFrameTime
        if let live = model.live {
            (snapshot.liveSegments, snapshot.isLiveStalled) = live.statusSegments
            // The server's own word on the camera (its health), when it says it sends nothing.
            if let badge = healthBadges[live.camera], badge.state != .online {
                snapshot.liveSegments.append("camera \(badge.text)")
                snapshot.isLiveStalled = true
            }
            snapshot.title = TerminalText.printable("\(live.camera) · live")
            snapshot.subtitle = "since " + WallTimeText.start(event.startTime, now: now, calendar: calendar)
                + (model.isPreparing ? " · preparing…" : "")
        }
        return snapshot
    }

    /// The empty list's line: what to do about the `/` text, the server-side filters, or nothing.
    private var emptyListText: String {
        if !filterText.isEmpty { return "No loaded event matches “\(filterText)”. Esc clears the filter." }
        if listFilters.isEmpty { return "No events. Press r to refresh." }
        let keys = ["t", "c"] + (listFilters.severity == nil ? [] : ["s"]) + (listFilters.label == nil ? [] : ["o"])
            + (listFilters.zone == nil ? [] : ["z"])
        return "No events match the filters (\(keys.dropLast().joined(separator: ", ")) and \(keys.last ?? "c") change them)."
    }
}
