import EventsAPI
import Foundation
import TUI

/// The server-side filters of the TUI's list: a camera (`c`) and a time to list back from (`t`).
/// The list stays newest first, so "until 14:00 yesterday" puts the last event before 14:00
/// yesterday at the top and older ones below it, as the API pages them.
///
/// ```swift
/// var filters = ListFilters()
/// filters.camera = "Front Door"
/// filters.until = try DateQuery("yesterday 18:00").resolve(now: .now)
/// filters.eventFilter   // EventFilter(camera: "Front Door", until: 18:00 yesterday)
/// filters.text(now: .now, calendar: .current)   // "camera: Front Door · until Yesterday 18:00"
/// ```
struct ListFilters: Sendable, Equatable {
    /// Only this camera (exact name); nil for all.
    var camera: String?
    /// Only events that started before this moment; nil for up to now.
    var until: Date?
    /// What was typed for ``until`` (`yesterday 18:00`), offered again when `t` reopens the prompt.
    var untilText: String?

    var isEmpty: Bool { camera == nil && until == nil }

    /// The query `GET /v1/events` gets.
    var eventFilter: EventFilter { EventFilter(camera: camera, until: until) }

    /// For the header; "" when no filter is set.
    func text(now: Date, calendar: Calendar) -> String {
        var parts: [String] = []
        if let camera { parts.append("camera: \(camera)") }
        if let until { parts.append("until \(TimeText.startText(until, now: now, calendar: calendar))") }
        return parts.joined(separator: " · ")
    }
}
