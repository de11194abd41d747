import AppCore
import EventsAPI
import Foundation
import TUI

/// The timeline's events load by window (``TimelineWindows``: the range shown first, then one
/// range either side, then the reach-back for events that began up to a week before the range and
/// run into it): each window is one ``AppEffect/fetchTimelineWindow(_:generation:)``, whose pages
/// come back as ``AppInput/timelineLoaded(_:window:generation:)`` and whose failure as
/// ``AppInput/timelineFailed(window:message:generation:)`` (the window is asked for again the next
/// time the cursor moves). The recording cameras' coverage is asked for each window shown.
extension TimelineState {
    /// `T`: the timeline opens where it was left (`kept`), or new, at `anchor` (the selected event,
    /// the playing one from the player; else `date`), on the anchor's lane.
    static func opened(_ kept: TimelineState?, at anchor: Event?, lanes: [String], date: Date,
                       calendar: Calendar) -> TimelineState {
        var timeline = kept ?? TimelineState(cursor: anchor?.startTime ?? date, calendar: calendar)
        if let anchor, kept != nil { timeline.moveCursor(to: anchor.startTime, calendar: calendar) }
        if let anchor, let lane = lanes.firstIndex(of: anchor.cameraName) { timeline.lane = lane }
        return timeline
    }

    /// One fetch per window the range shown (and its neighbours) still lacks, then one per part of
    /// its reach-back not fetched yet (its recorded coverage is not asked for); then the coverage
    /// of the `recording` cameras (``loadCoverage(recording:)``).
    mutating func loadWindows(recording: [Camera]) -> [AppEffect] {
        var effects: [AppEffect] = []
        for window in windows.missing(visible: range) {
            windows.started(window)
            loading.append(window)
            askedWindows.append(window)
            effects.append(.fetchTimelineWindow(window, generation: generation))
        }
        for window in windows.missingReachBack(visible: range) {
            windows.startedReachBack(window)
            loading.append(window)
            effects.append(.fetchTimelineWindow(window, generation: generation))
        }
        return effects + loadCoverage(recording: recording)
    }

    /// One coverage fetch per window asked for whose recordings were not, for the server's
    /// `recording` cameras (nothing for the events service).
    mutating func loadCoverage(recording: [Camera]) -> [AppEffect] {
        guard !recording.isEmpty else { return [] }
        let windows = askedWindows.filter { !coverageAsked.contains($0) }
        coverageAsked += windows
        return windows.map { .fetchCoverage($0, cameras: recording, generation: generation) }
    }

    /// What `camera` recorded in a window, for the load of `generation`.
    mutating func coverageLoaded(_ spans: [Range<Date>], camera: String, generation: Int) {
        guard generation == self.generation else { return }
        addCoverage(spans, camera: camera)
    }

    /// A page of a window's events; the last page (`window` done) ends its loading. Of a
    /// reach-back's events only those ``TimelineWindows/keeps(start:end:)`` are kept (every event
    /// of a window shown or beside it is). False for a page of an older load.
    mutating func loaded(_ loaded: [Event], window: Range<Date>?, generation: Int, date: Date) -> Bool {
        guard generation == self.generation else { return false }
        let windows = windows
        add(loaded.filter {
            windows.keeps(start: $0.startTime, end: $0.endTime ?? ($0.isLive(at: date) ? date : $0.startTime))
        })
        if let window {
            loading.removeAll { $0 == window }
            failure = nil
        }
        return true
    }

    /// A window failed: it is asked for again the next time the cursor moves; the view says why.
    mutating func failed(window: Range<Date>, message: String, generation: Int) {
        guard generation == self.generation else { return }
        loading.removeAll { $0 == window }
        windows.failed(window)
        failure = "Cannot load events: \(message)"
    }

    /// The items the lanes show (`unreviewedOnly` leaves `reviewed` events out; `filters`' cameras
    /// only), built again only when the marks or the filters changed; a page of new events is
    /// appended (100,000 events arrive in 200 pages: rebuilding all of them for each would be
    /// quadratic). The cursor's lane stays within the `lanes` shown.
    mutating func syncItems(reviewed: ReviewedMarks, filters: ListFilters, unreviewedOnly: Bool, lanes: @autoclosure () -> Int,
                            date: Date) {
        let source = ItemsSource(eventsVersion: eventsVersion, reviewed: reviewed, cameras: filters.cameras,
                                 unreviewedOnly: unreviewedOnly)
        guard source != itemsSource else { return }
        var onlyAdded = source
        onlyAdded.eventsVersion = itemsSource?.eventsVersion ?? -1
        let appending = onlyAdded == itemsSource && !replacedAny
        let changed = appending ? addedIDs.compactMap { events[$0] } : Array(events.values)
        let built = changed.compactMap { item($0, reviewed: reviewed, shown: filters.shownCameras, unreviewedOnly: unreviewedOnly, date: date) }
        items = TimelineItems(version: items.version + 1, items: appending ? items.items + built : built)
        itemsSource = source
        addedIDs = []
        replacedAny = false
        lane = max(0, min(lane, lanes() - 1))
    }

    /// How `event` shows on the lanes; nil when the filters leave it out.
    private func item(_ event: Event, reviewed: ReviewedMarks, shown: [String]?, unreviewedOnly: Bool, date: Date) -> TimelineItem? {
        let isReviewed = reviewed.isReviewed(event.id)
        if unreviewedOnly, isReviewed { return nil }
        if let shown, !shown.contains(event.cameraName) { return nil }
        // An event without an end that is no longer live (the service never closed it) is a moment.
        let end = event.endTime ?? (event.isLive(at: date) ? nil : event.startTime)
        return TimelineItem(id: event.id, camera: event.cameraName, start: event.startTime, end: end, reviewed: isReviewed)
    }
}
