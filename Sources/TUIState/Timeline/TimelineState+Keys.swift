import Foundation
import TUI

/// The timeline's navigation keys, as the timeline's own reducer: the cursor, the lane and the
/// zoom change here; what needs the rest of the program (Enter, `x`, `r`, `T`) is `AppState`'s.
extension TimelineState {
    /// What a navigation key did.
    enum Outcome: Equatable {
        /// The cursor, lane or zoom moved (the windows around it may need loading).
        case moved
        /// Nothing moved, and why (for the status line).
        case message(String)
        /// Not a navigation key.
        case notMine
    }

    /// Applies one key; `lanes` are the cameras shown, one lane each, in order.
    ///
    /// ```swift
    /// var timeline = TimelineState(cursor: t, calendar: .current)
    /// timeline.reduce(.timelineZoom(in: true), lanes: ["Driveway"], now: t, calendar: .current)   // .moved
    /// ```
    mutating func reduce(_ action: UserAction, lanes: [String], now: Date, calendar: Calendar) -> Outcome {
        switch action {
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
}
