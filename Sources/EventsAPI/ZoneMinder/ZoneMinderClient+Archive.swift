import Foundation
import Networking
import SystemSupport

/// Archiving on ZoneMinder: an archived event (`Archived` 1) is one ZoneMinder's purge filters
/// leave alone (its stock PurgeWhenFull filter matches `Archived = 0` only) and that its console
/// lists under Archived. eventplayer archives with the API's edit of the event, as ZoneMinder's
/// console does, and reads `Archived` into ``Event/kept`` in every listing.
///
/// ```swift
/// try await zm.setKept(["123"], kept: true)     // PUT /api/events/123.json  Event[Archived]=1
/// var filter = EventFilter()
/// filter.kept = true                                // …/events/index/Archived:1.json
/// let archived = try await zm.events(cursor: nil, limit: 50, filter: filter)
/// ```
extension ZoneMinderClient {
    /// ZoneMinder calls it archiving.
    public nonisolated var keepName: String? { "archive" }

    /// Archives the events (`kept: true`) or takes them out of the archive: for each,
    /// `PUT /api/events/<id>.json` with the form `Event[Archived]=1` (or `0`), which ZoneMinder
    /// answers `{"message": "Saved"}`. The user needs Edit on Events (Options › Users); a View user
    /// is refused ("Insufficient privileges"), a deleted event is ``EventsAPIError/Code/eventGone``.
    public func setKept(_ ids: [String], kept: Bool) async throws {
        for id in ids {
            guard let number = Int(id), number > 0 else {
                throw EventsAPIError(.rejected, "ZoneMinder's event ids are numbers, not \(TerminalText.quoted(id, limit: 40))")
            }
            let response = try await send(ZoneMinderPaths.api(base, "events/\(number)"), method: "PUT",
                                          form: [("Event[Archived]", kept ? "1" : "0")])
            struct Saved: Decodable { var message: String? }
            let answer = try? JSONDecoder().decode(Saved.self, from: response.body)
            guard answer?.message == "Saved" else {
                let said = answer?.message.map { TerminalText.quoted($0, limit: 80) } ?? "no \"Saved\""
                throw EventsAPIError(.rejected, "ZoneMinder did not \(kept ? "archive" : "unarchive") event \(number): it answered \(said)")
            }
        }
    }
}
