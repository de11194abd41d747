import AppCore
import EventsAPI
import Foundation
import TUI

/// The timeline's keys, as the timeline's own reducer: the cursor, the lane and the zoom change
/// here; what needs the rest of the program (Enter plays, `x` marks, `r` reloads, `T` closes)
/// comes back as an ``Outcome`` for ``AppState`` to carry out.
extension TimelineState {
    /// What a key did.
    enum Outcome: Equatable {
        /// The cursor, lane or zoom moved (the windows around it may need loading).
        case moved
        /// Nothing moved, and why (for the status line).
        case message(String)
        /// A key that does nothing here (Tab: nothing to focus but the cursor).
        case stays
        /// `T`: the timeline closes, back to the list and the player as they were.
        case close
        /// `r`: every event and window was forgotten; the list and the timeline load again.
        case reload
        /// `x`: the event under the cursor is marked (or unmarked) reviewed.
        case toggleReviewed(Event)
        /// Enter: the event under the cursor plays from the cursor's moment in it (its start when
        /// the cursor is before it).
        case play(Event, startAt: Double)
        /// Enter where no event is but the lane's camera recorded: its recording is asked for.
        case openRecording(AppEffect)
        /// Not a key of the timeline's (help, request log, back, quit).
        case notMine
    }

    /// How long a recording Enter opens plays at most past the cursor (and before it, to seek back).
    static let recordingAfter: TimeInterval = 3600
    static let recordingBefore: TimeInterval = 300

    /// Applies one key; `lanes` are the cameras shown, one lane each, in order; `cameras` the
    /// server's (an NVR's: Enter opens a recording of the lane's camera where it recorded).
    ///
    /// ```swift
    /// var timeline = TimelineState(cursor: t, calendar: .current)
    /// timeline.reduce(.timelineZoom(in: true), lanes: ["Driveway"], now: t, calendar: .current)   // .moved
    /// ```
    mutating func reduce(_ action: UserAction, lanes: [String], cameras: [Camera] = [], now: Date,
                         calendar: Calendar) -> Outcome {
        switch action {
        case .toggleTimeline: return .close
        case .toggleFocus: return .stays
        case .refresh:
            reset()
            return .reload
        case .toggleReviewed:
            guard let event = event(lanes: lanes, date: now) else { return .message("No event under the cursor") }
            return .toggleReviewed(event)
        case .play:
            guard let event = event(lanes: lanes, date: now) else {
                if let effect = recording(lanes: lanes, cameras: cameras) { return .openRecording(effect) }
                return .message("No event under the cursor (←/→ move, ↑/↓ change camera)")
            }
            let offset = max(0, cursor.timeIntervalSince(event.startTime))
            return .play(event, startAt: event.duration.map { offset < $0 ? offset : 0 } ?? offset)
        case .timelineStep(let steps): move(by: Double(steps) * zoom.step, calendar: calendar)
        case .timelinePage(let pages): move(by: Double(pages) * zoom.span, calendar: calendar)
        case .timelineLane(let delta): lane = max(0, min(lanes.count - 1, lane + delta))
        case .timelineZoom(let zoomIn):
            guard zoom(in: zoomIn, calendar: calendar) else {
                return .message(zoomIn ? "Zoomed in as far as it goes (an hour)" : "Zoomed out as far as it goes (a week)")
            }
        case .timelineEdge(let last):
            let shown = items.items.filter { $0.held(in: range, now: now) != nil }
            guard let item = last ? shown.max(by: { $0.start < $1.start }) : shown.min(by: { $0.start < $1.start }) else {
                return .message("No events in this range")
            }
            moveCursor(to: max(item.start, range.lowerBound), calendar: calendar)
            if let index = lanes.firstIndex(of: item.camera) { lane = index }
        default: return .notMine
        }
        return .moved
    }

    /// The event under the cursor in its lane (``TimelineLayout/item(under:camera:in:zoom:now:)``,
    /// which the view's cursor cell shows too): the one covering the cursor's moment, else the
    /// first to start within one step after it (so that stepping lands on short events).
    func event(lanes: [String], date: Date) -> Event? {
        guard lanes.indices.contains(lane) else { return nil }
        let item = TimelineLayout.item(under: cursor, camera: lanes[lane], in: items.items, zoom: zoom, now: date)
        return item.flatMap { events[$0.id] }
    }

    /// The recording of the cursor's lane around the cursor, when its camera recorded then.
    private func recording(lanes: [String], cameras: [Camera]) -> AppEffect? {
        guard lanes.indices.contains(lane) else { return nil }
        let name = lanes[lane]
        guard let camera = cameras.first(where: { $0.name == name }),
              let span = recordedSpan(camera: name, at: cursor) else { return nil }
        let start = max(span.lowerBound, cursor.addingTimeInterval(-Self.recordingBefore))
        let end = min(span.upperBound, cursor.addingTimeInterval(Self.recordingAfter))
        guard end > start else { return nil }
        return .fetchRecording(camera: camera, range: start..<end, startAt: cursor.timeIntervalSince(start))
    }
}
