import AppCore
import EventsAPI
import Foundation
import PlaybackStates
import SystemSupport
import TUI

/// The timeline's screen: lanes, cursor and the status line naming the event under it.
extension TimelineState {
    /// The view of `lanes` (the cameras shown) with each camera's `health`; the status line says
    /// whether the event under the cursor is reviewed (or its mark pending, `review`) and when
    /// the `u` view is on (`unreviewedOnly`).
    func snapshot(lanes: [String], health: [String: CameraHealthBadge], review: ReviewState, unreviewedOnly: Bool,
                  now: Date, calendar: Calendar) -> TimelineViewSnapshot {
        // Rounded so that the view is not redrawn for every turn of the loop.
        let rounded = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 10).rounded(.down) * 10)
        var snapshot = TimelineViewSnapshot(items: items, cameras: lanes, start: start, zoom: zoom, cursor: cursor,
                                            lane: lane, now: rounded, calendar: calendar)
        snapshot.isLoading = !loading.isEmpty
        snapshot.coverage = coverage
        snapshot.health = health
        snapshot.errorText = failure
        var segments = [WallTimeText.start(cursor, now: now, calendar: calendar)]
        if let event = event(lanes: lanes, date: rounded) {
            var text = "\(Self.text(event)) · \(WallTimeText.timeOfDay(event.startTime, calendar: calendar, seconds: true))"
            text += event.isLive(at: now) ? " · live" : event.duration.map { " · " + DurationText.clock($0) } ?? ""
            if review.marks.isReviewed(event.id) { text += " · reviewed" }
            if review.isPending(event.id) { text += " (pending)" }
            segments.append(text)
        } else if lanes.indices.contains(lane) {
            let camera = lanes[lane]
            let shown = TerminalText.printable(camera)
            segments.append(recordedSpan(camera: camera, at: cursor) != nil
                ? "\(shown) · recorded · Enter plays the recording" : "\(shown) · no event here")
        }
        if unreviewedOnly { segments.append("unreviewed only") }
        snapshot.statusSegments = segments
        return snapshot
    }

    /// "Front Door · Motion": the event's camera and title (its id without one), the server's
    /// text with control characters escaped (``TerminalText/printable(_:)``), as the lanes show
    /// camera names.
    static func text(_ event: Event) -> String {
        TerminalText.printable("\(event.cameraName) · \(event.title ?? event.id)")
    }
}
