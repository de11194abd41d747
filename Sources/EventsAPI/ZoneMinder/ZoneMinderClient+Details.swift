import Foundation
import SystemSupport

/// An event's details on ZoneMinder, for the detail view: one `GET /api/events/<id>.json`, which
/// joins the event's monitor and all its frames. The alarm frames (``ZoneMinderAlarmFrames``)
/// are the seek slider's marks and where `J` jumps (the highest score); the fields are the
/// event's cause, notes, monitor, length, frames and score as ZoneMinder has them.
///
/// ```swift
/// let details = try await zm.details(of: event)
/// let jump = details.alarms.highest?.offset    // seconds from the event's start
/// ```
extension ZoneMinderClient {
    /// The event as ZoneMinder has it now (archived or not), its alarm moments, and its fields:
    /// Monitor, Function, Cause, Notes (when it has any), Length, Frames, Alarm frames, Max score,
    /// Archived. A deleted event throws ``EventsAPIError/Code/eventGone``.
    public func details(of event: Event) async throws -> EventDetails {
        guard let number = Int(event.id), number > 0 else {
            throw EventsAPIError(.rejected, "ZoneMinder's event ids are numbers, not \(TerminalText.quoted(event.id, limit: 40))")
        }
        let response = try await get("events/\(number)")
        let body = try APIDecoding.decode(ZoneMinderBody.EventWithFrames.self, from: response.body, what: "ZoneMinder event")
        let item = body.event
        let names = Self.names(try await monitorList(again: false))
        let current = map(item.Event, names: names, time: try await timeZone()) ?? event
        let frames = (item.Frame ?? []).compactMap { try? $0.result.get() }
        return EventDetails(event: current, alarmFrames: ZoneMinderAlarmFrames.moments(frames),
                            fields: Self.fields(item.Event, monitor: item.Monitor, listedName: current.cameraName))
    }

    /// The detail view's fields, in this order, server text as it is (escape it to show it).
    static func fields(_ event: ZoneMinderBody.Event, monitor: ZoneMinderBody.NamedMonitor?, listedName: String) -> [EventDetails.Field] {
        var fields: [EventDetails.Field] = []
        func add(_ name: String, _ value: String?) {
            guard let value, !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return }
            fields.append(EventDetails.Field(name: name, value: value))
        }
        add("Monitor", monitor?.Name ?? listedName)
        add("Function", monitor?.Function)
        add("Cause", event.Cause)
        add("Notes", event.Notes)
        add("Length", event.Length.map { String(format: "%.2f s", $0.value) })
        add("Frames", event.Frames?.int.map(String.init))
        add("Alarm frames", event.AlarmFrames?.int.map(String.init))
        add("Max score", event.MaxScore?.int.map(String.init))
        add("Archived", event.Archived.map { $0.value != 0 ? "yes" : "no" })
        return fields
    }
}
