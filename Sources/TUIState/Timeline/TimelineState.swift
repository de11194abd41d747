import AppCore
import EventsAPI
import Foundation
import TUI

/// The timeline view's model (`T`): zoom, the range shown, the cursor and its lane, the events
/// loaded window by window (``TimelineWindows``) and what is still on its way. Kept while the
/// view is closed, so `T` comes back to the same place with what it had loaded.
///
/// The range follows the cursor: an hour, a local day or a local week (from the calendar's first
/// weekday) that contains it.
///
/// ```swift
/// var timeline = TimelineState(cursor: event.startTime, calendar: .current)
/// timeline.move(by: 600, calendar: .current)      // → one step at day zoom
/// timeline.range                                  // the local day around the cursor
/// ```
struct TimelineState: Sendable {
    var zoom = TimelineZoom.day
    /// The moment under the cursor.
    private(set) var cursor: Date
    /// The first instant the lanes show.
    private(set) var start: Date
    /// The cursor's lane, an index into the lanes' cameras.
    var lane = 0
    /// Every event loaded for the timeline, by id.
    private(set) var events: [String: Event] = [:]
    /// Bumped whenever ``events`` changes (the view's items are rebuilt then).
    private(set) var eventsVersion = 0
    var windows = TimelineWindows()
    /// Windows being fetched.
    var loading: [Range<Date>] = []
    /// Why the last window failed (cleared when one loads).
    var failure: String?
    /// Bumped by a reload (`r`): windows of an older generation are dropped.
    var generation = 0
    /// Every window asked for (events), and those whose recorded coverage was asked for.
    var askedWindows: [Range<Date>] = []
    var coverageAsked: [Range<Date>] = []
    /// What each camera (its shown name) recorded, oldest first, overlapping spans joined.
    private(set) var coverage: [String: [Range<Date>]] = [:]
    /// The view's items and what they were built from (rebuilt only when those change).
    var items = TimelineItems(version: 0, items: [])
    var itemsSource: ItemsSource?

    struct ItemsSource: Equatable, Sendable {
        var eventsVersion: Int
        var reviewed: ReviewedMarks
        var cameras: ListFilters.Cameras
        var unreviewedOnly: Bool
    }

    init(cursor: Date, calendar: Calendar) {
        self.cursor = cursor
        start = Self.rangeStart(for: cursor, zoom: .day, calendar: calendar)
    }

    /// The time the lanes show.
    var range: Range<Date> { start..<start.addingTimeInterval(zoom.span) }

    /// Puts the cursor at `date`; the range moves with it when it leaves.
    mutating func moveCursor(to date: Date, calendar: Calendar) {
        cursor = date
        if !range.contains(date) { start = Self.rangeStart(for: date, zoom: zoom, calendar: calendar) }
    }

    mutating func move(by seconds: TimeInterval, calendar: Calendar) {
        moveCursor(to: cursor.addingTimeInterval(seconds), calendar: calendar)
    }

    /// The next zoom in or out around the cursor; false past the ends.
    mutating func zoom(in zoomIn: Bool, calendar: Calendar) -> Bool {
        guard let next = zoomIn ? zoom.zoomedIn : zoom.zoomedOut else { return false }
        zoom = next
        start = Self.rangeStart(for: cursor, zoom: next, calendar: calendar)
        return true
    }

    /// Adds a loaded page's events (an event loaded twice is kept once, the newer copy).
    mutating func add(_ loaded: [Event]) {
        guard !loaded.isEmpty else { return }
        for event in loaded {
            if events.updateValue(event, forKey: event.id) == nil { addedIDs.append(event.id) } else { replacedAny = true }
        }
        eventsVersion += 1
    }

    /// Events added since the items were last built (``itemsSource``), and whether any was
    /// replaced: new events alone are appended to the items, anything else rebuilds them.
    var addedIDs: [String] = []
    var replacedAny = false

    /// Adds what `camera` recorded (a window's spans), joining spans that overlap or touch.
    mutating func addCoverage(_ spans: [Range<Date>], camera: String) {
        let all = ((coverage[camera] ?? []) + spans).sorted { $0.lowerBound < $1.lowerBound }
        var joined: [Range<Date>] = []
        for span in all {
            if let last = joined.last, span.lowerBound <= last.upperBound {
                joined[joined.count - 1] = last.lowerBound..<max(last.upperBound, span.upperBound)
            } else {
                joined.append(span)
            }
        }
        coverage[camera] = joined
    }

    /// The recorded span of `camera` that holds `date`.
    func recordedSpan(camera: String, at date: Date) -> Range<Date>? {
        coverage[camera]?.first { $0.contains(date) }
    }

    /// Forgets every event and window (a reload).
    mutating func reset() {
        askedWindows = []
        coverageAsked = []
        coverage = [:]
        events = [:]
        addedIDs = []
        replacedAny = true
        eventsVersion += 1
        windows = TimelineWindows()
        loading = []
        failure = nil
        generation += 1
    }

    /// The hour, local day or local week containing `date`.
    static func rangeStart(for date: Date, zoom: TimelineZoom, calendar: Calendar) -> Date {
        switch zoom {
        case .hour: calendar.dateInterval(of: .hour, for: date)?.start ?? date
        case .day: calendar.startOfDay(for: date)
        case .week: calendar.dateInterval(of: .weekOfYear, for: date)?.start ?? calendar.startOfDay(for: date)
        }
    }
}

extension TimelineState {
    /// The server kept `ids` (or let them go): the loaded copies say so (the lanes do not show it).
    mutating func setKept(_ ids: Set<String>, _ kept: Bool) {
        for id in ids where events[id] != nil { events[id]?.kept = kept }
    }
}
