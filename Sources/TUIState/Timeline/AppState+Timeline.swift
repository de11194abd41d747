import AppCore
import EventsAPI
import Foundation
import PlaybackStates
import Player
import SystemSupport
import TUI

/// The timeline of every camera (`T`): its keys, loading by time window, the event under the
/// cursor, and its screen. The model is ``TimelineState``; the list's `c` camera and `u`
/// unreviewed-only filters apply to its lanes.
///
/// Events load by window (``TimelineWindows``: the range shown first, then one range either side,
/// then the reach-back for events that began up to a week before the range and run into it):
/// each window is one ``AppEffect/fetchTimelineWindow(_:generation:)``, whose pages come back as
/// ``AppInput/timelineLoaded(_:window:generation:)`` and whose failure as
/// ``AppInput/timelineFailed(window:message:generation:)`` (the window is asked for again the next
/// time the cursor moves).
extension AppState {
    /// `T`: opens the timeline at the selected event (the playing one from the player; else now),
    /// or closes it.
    mutating func toggleTimeline(date: Date = Date(), calendar: Calendar = .current) -> [AppEffect] {
        if case .timeline(returnsTo: let browse) = scene {
            mode = .scene(.browse(browse))
            return []
        }
        let anchor = keyedEvent
        var timeline = self.timeline ?? TimelineState(cursor: anchor?.startTime ?? date, calendar: calendar)
        if let anchor, self.timeline != nil { timeline.moveCursor(to: anchor.startTime, calendar: calendar) }
        self.timeline = timeline
        mode = .scene(.timeline(returnsTo: Browse(focus: focus)))
        overlay = nil
        if let anchor, let lane = timelineCameras.firstIndex(of: anchor.cameraName) { self.timeline?.lane = lane }
        return loadTimelineWindows()
    }

    /// The timeline's own keys, and the list's that mean something there (`t`, `c`, `u`, `x`,
    /// `r`, Enter); nil for the keys it leaves to the rest (help, request log, back, quit).
    mutating func applyToTimeline(_ action: UserAction, now: ContinuousClock.Instant, date: Date = Date(),
                                  calendar: Calendar = .current) -> [AppEffect]? {
        guard case .scene(.timeline) = mode, var timeline else { return nil }
        switch action {
        case .toggleTimeline: return toggleTimeline()
        case .toggleFocus: return []   // nothing to focus but the cursor
        case .play: return playFromTimeline(date: date, now: now)
        case .toggleReviewed:
            guard let event = timelineEvent(date: date) else {
                show("No event under the cursor", now: now)
                return []
            }
            let isReviewed = !review.marks.isReviewed(event.id)
            show("\(isReviewed ? "Reviewed" : "Not reviewed"): \(Self.timelineText(event))", now: now)
            return setReviewed(event.id, isReviewed, now: now)
        case .refresh:
            timeline.reset()
            self.timeline = timeline
            return beginRefresh() + loadTimelineWindows()
        default:
            // Navigation is the timeline's own (``TimelineState/reduce(_:lanes:now:calendar:)``).
            switch timeline.reduce(action, lanes: timelineCameras, now: date, calendar: calendar) {
            case .notMine: return nil
            case .message(let text):
                show(text, now: now)
                return []
            case .moved:
                self.timeline = timeline
                return loadTimelineWindows()
            }
        }
    }

    /// Enter: plays the event under the cursor from the cursor's moment in it (its start when the
    /// cursor is before it); with no event there, the camera's recording at the cursor when it
    /// recorded then (an NVR). Esc in the player comes back to the timeline.
    private mutating func playFromTimeline(date: Date, now: ContinuousClock.Instant) -> [AppEffect] {
        guard let timeline else { return [] }
        guard let event = timelineEvent(date: date) else {
            if let effect = recordingUnderCursor() {
                show("Opening the recording…", now: now)
                return [effect]
            }
            show("No event under the cursor (←/→ move, ↑/↓ change camera)", now: now)
            return []
        }
        let offset = max(0, timeline.cursor.timeIntervalSince(event.startTime))
        let startAt = event.duration.map { offset < $0 ? offset : 0 } ?? offset
        return startTimelinePlayback(event, startAt: startAt, date: date, now: now)
    }

    /// How long a recording Enter opens plays at most past the cursor (and before it, to seek back).
    static let recordingAfter: TimeInterval = 3600
    static let recordingBefore: TimeInterval = 300

    /// The recording of the cursor's lane around the cursor, when its camera recorded then.
    private func recordingUnderCursor() -> AppEffect? {
        guard let timeline, timelineCameras.indices.contains(timeline.lane) else { return nil }
        let name = timelineCameras[timeline.lane]
        guard let camera = catalogue.serverCameras.first(where: { $0.name == name }),
              let span = timeline.recordedSpan(camera: name, at: timeline.cursor) else { return nil }
        let start = max(span.lowerBound, timeline.cursor.addingTimeInterval(-Self.recordingBefore))
        let end = min(span.upperBound, timeline.cursor.addingTimeInterval(Self.recordingAfter))
        guard end > start else { return nil }
        return .fetchRecording(camera: camera, range: start..<end, startAt: timeline.cursor.timeIntervalSince(start))
    }

    /// The recording Enter asked for has come: it plays as an event would, if the timeline is still open.
    mutating func playRecording(_ event: Event, startAt: Double, now: ContinuousClock.Instant) -> [AppEffect] {
        guard case .scene(.timeline) = mode else { return [] }
        return startTimelinePlayback(event, startAt: startAt, date: Date(), now: now)
    }

    private mutating func startTimelinePlayback(_ event: Event, startAt: Double, date: Date,
                                                now: ContinuousClock.Instant) -> [AppEffect] {
        player.lastPlaybackID += 1
        let id = PlaybackID(rawValue: player.lastPlaybackID)
        playback = PlaybackModel(event: event, id: id, isLive: event.isLive(at: date))
        mode = .scene(.browse(Browse(focus: .player, fromTimeline: true)))
        status.error = nil
        show("Opening \(TerminalText.printable(event.cameraName))…", now: now)
        return [.startPlayback(event, id: id, startAt: startAt)]
    }

    /// Esc from the player that Enter on the timeline opened: the timeline again (and under it the
    /// list, focused), the playback paused (its pane is not on screen).
    mutating func returnToTimeline() -> [AppEffect] {
        mode = .scene(.timeline(returnsTo: Browse(focus: .list)))
        guard let playback, playback.playback == .playing else { return [] }
        return [.player(.togglePause)]
    }

    /// The `t` prompt on the timeline: the cursor goes to the date (empty: now).
    mutating func moveTimelineCursor(to date: Date, calendar: Calendar = .current) -> [AppEffect] {
        timeline?.moveCursor(to: date, calendar: calendar)
        return loadTimelineWindows()
    }

    /// One fetch per window the range shown (and its neighbours) still lacks, then one per part
    /// of its reach-back not fetched yet (its recorded coverage is not asked for).
    mutating func loadTimelineWindows() -> [AppEffect] {
        guard var timeline else { return [] }
        var effects: [AppEffect] = []
        for window in timeline.windows.missing(visible: timeline.range) {
            timeline.windows.started(window)
            timeline.loading.append(window)
            timeline.askedWindows.append(window)
            effects.append(.fetchTimelineWindow(window, generation: timeline.generation))
        }
        for window in timeline.windows.missingReachBack(visible: timeline.range) {
            timeline.windows.startedReachBack(window)
            timeline.loading.append(window)
            effects.append(.fetchTimelineWindow(window, generation: timeline.generation))
        }
        self.timeline = timeline
        return effects + loadTimelineCoverage()
    }

    /// One coverage fetch per window asked for whose recordings were not (the server's recording
    /// cameras; nothing for the events service).
    mutating func loadTimelineCoverage() -> [AppEffect] {
        guard var timeline else { return [] }
        let recording = catalogue.serverCameras.filter(\.isRecording)
        guard !recording.isEmpty else { return [] }
        let windows = timeline.askedWindows.filter { !timeline.coverageAsked.contains($0) }
        timeline.coverageAsked += windows
        self.timeline = timeline
        return windows.map { .fetchCoverage($0, cameras: recording, generation: timeline.generation) }
    }

    mutating func timelineCoverage(camera: String, spans: [Range<Date>], window: Range<Date>, generation: Int) {
        guard var timeline, generation == timeline.generation else { return }
        timeline.addCoverage(spans, camera: camera)
        self.timeline = timeline
    }

    /// A page of a window's events; the last page (`window` done) ends its loading. Of a
    /// reach-back's events only those ``TimelineWindows/keeps(start:end:)`` are kept (every event
    /// of a window shown or beside it is).
    mutating func timelineLoaded(_ events: [Event], window: Range<Date>?, generation: Int, date: Date = Date()) {
        guard var timeline, generation == timeline.generation else { return }
        let windows = timeline.windows
        timeline.add(events.filter {
            windows.keeps(start: $0.startTime, end: $0.endTime ?? ($0.isLive(at: date) ? date : $0.startTime))
        })
        noteCameras(events)
        if let window {
            timeline.loading.removeAll { $0 == window }
            timeline.failure = nil
        }
        self.timeline = timeline
    }

    mutating func timelineFailed(window: Range<Date>, message: String, generation: Int) {
        guard var timeline, generation == timeline.generation else { return }
        timeline.loading.removeAll { $0 == window }
        timeline.windows.failed(window)
        timeline.failure = "Cannot load events: \(message)"
        self.timeline = timeline
    }

    /// The lanes: the server's cameras in its order (an NVR's), then every other camera seen (in
    /// the list or the timeline) by name; or the `c` camera alone, or its group's.
    var timelineCameras: [String] {
        filters.shownCameras ?? pickableCameras
    }

    /// The event under the cursor in its lane (``TimelineLayout/item(under:camera:in:zoom:now:)``,
    /// which the view's cursor cell shows too): the one covering the cursor's moment, else the
    /// first to start within one step after it (so that stepping lands on short events).
    func timelineEvent(date: Date = Date()) -> Event? {
        guard let timeline, timelineCameras.indices.contains(timeline.lane) else { return nil }
        let item = TimelineLayout.item(under: timeline.cursor, camera: timelineCameras[timeline.lane], in: timeline.items.items,
                                       zoom: timeline.zoom, now: date)
        return item.flatMap { timeline.events[$0.id] }
    }

    /// The items the lanes show (the `u` view leaves reviewed events out), built again only when
    /// the marks or the filters changed; a page of new events is appended (100,000 events arrive
    /// in 200 pages: rebuilding all of them for each would be quadratic).
    mutating func syncTimelineItems(date: Date = Date()) {
        guard var timeline else { return }
        let source = TimelineState.ItemsSource(eventsVersion: timeline.eventsVersion, reviewed: review.marks,
                                               cameras: filters.cameras, unreviewedOnly: list.isUnreviewedOnly)
        guard source != timeline.itemsSource else { return }
        var onlyAdded = source
        onlyAdded.eventsVersion = timeline.itemsSource?.eventsVersion ?? -1
        let appending = onlyAdded == timeline.itemsSource && !timeline.replacedAny
        let events = appending ? timeline.addedIDs.compactMap { timeline.events[$0] } : Array(timeline.events.values)
        let built = events.compactMap { timelineItem($0, date: date) }
        timeline.items = TimelineItems(version: timeline.items.version + 1, items: appending ? timeline.items.items + built : built)
        timeline.itemsSource = source
        timeline.addedIDs = []
        timeline.replacedAny = false
        timeline.lane = max(0, min(timeline.lane, timelineCameras.count - 1))
        self.timeline = timeline
    }

    /// How `event` shows on the lanes; nil when the filters leave it out.
    private func timelineItem(_ event: Event, date: Date) -> TimelineItem? {
        let isReviewed = review.marks.isReviewed(event.id)
        if list.isUnreviewedOnly, isReviewed { return nil }
        if let shown = filters.shownCameras, !shown.contains(event.cameraName) { return nil }
        // An event without an end that is no longer live (the service never closed it) is a moment.
        let end = event.endTime ?? (event.isLive(at: date) ? nil : event.startTime)
        return TimelineItem(id: event.id, camera: event.cameraName, start: event.startTime, end: end, reviewed: isReviewed)
    }

    /// The timeline's screen: lanes, cursor and the status line naming the event under it.
    func timelineSnapshot(now: Date, calendar: Calendar) -> TimelineViewSnapshot? {
        guard isTimelineShown, montage == nil, let timeline else { return nil }
        // Rounded so that the view is not redrawn for every turn of the loop.
        let rounded = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 10).rounded(.down) * 10)
        var snapshot = TimelineViewSnapshot(items: timeline.items, cameras: timelineCameras, start: timeline.start,
                                            zoom: timeline.zoom, cursor: timeline.cursor, lane: timeline.lane,
                                            now: rounded, calendar: calendar)
        snapshot.isLoading = !timeline.loading.isEmpty
        snapshot.coverage = timeline.coverage
        snapshot.health = healthBadges
        snapshot.errorText = timeline.failure
        var segments = [WallTimeText.start(timeline.cursor, now: now, calendar: calendar)]
        if let event = timelineEvent(date: rounded) {
            var text = "\(Self.timelineText(event)) · \(WallTimeText.timeOfDay(event.startTime, calendar: calendar, seconds: true))"
            text += event.isLive(at: now) ? " · live" : event.duration.map { " · " + DurationText.clock($0) } ?? ""
            if review.marks.isReviewed(event.id) { text += " · reviewed" }
            if review.isPending(event.id) { text += " (pending)" }
            segments.append(text)
        } else if timelineCameras.indices.contains(timeline.lane) {
            let camera = timelineCameras[timeline.lane]
            let shown = TerminalText.printable(camera)
            segments.append(timeline.recordedSpan(camera: camera, at: timeline.cursor) != nil
                ? "\(shown) · recorded · Enter plays the recording" : "\(shown) · no event here")
        }
        if list.isUnreviewedOnly { segments.append("unreviewed only") }
        snapshot.statusSegments = segments
        return snapshot
    }

    /// "Front Door · Motion": the event's camera and title (its id without one), the server's
    /// text with control characters escaped (``TerminalText/printable(_:)``), as the lanes show
    /// camera names.
    static func timelineText(_ event: Event) -> String {
        TerminalText.printable("\(event.cameraName) · \(event.title ?? event.id)")
    }
}
