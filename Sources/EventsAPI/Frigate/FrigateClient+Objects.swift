import Foundation
import Networking
import SystemSupport

/// A review item's tracked objects: the faces, plates and kept state of the rows, the detail
/// view, and keeping (Frigate's retain).
extension FrigateClient {
    /// `GET /api/event_ids?ids=<every detection of the items>` (one request for a page of up to
    /// ``objectsPerRequest`` objects; for a longer one, several side by side; none when the items
    /// name none), as Frigate's own UI asks for a review item's objects
    /// (web/src/components/timeline/DetailStream.tsx), by id.
    /// `bypassCache`: past nginx's cache, as the page itself was (a first page: the objects'
    /// faces, plates and kept are as fresh as the items).
    func trackedObjects(of items: [FrigateReviewItem], bypassCache: Bool = false) async throws -> [String: FrigateTrackedObject] {
        var ids: [String] = []
        var seen: Set<String> = []
        for id in items.flatMap({ $0.data?.detections ?? [] }) where seen.insert(id).inserted { ids.append(id) }
        let urls = stride(from: 0, to: ids.count, by: Self.objectsPerRequest).map { start in
            let chunk = ids[start..<min(ids.count, start + Self.objectsPerRequest)]
            return FrigatePaths.api(server, "event_ids", query: [URLQueryItem(name: "ids", value: chunk.joined(separator: ","))])
        }
        return try await withThrowingTaskGroup(of: [FrigateTrackedObject].self) { group in
            for url in urls {
                group.addTask { try self.decodeLossy([FrigateTrackedObject].self, try await self.send(url, bypassCache: bypassCache).body,
                                                     what: "tracked objects").values }
            }
            var found: [String: FrigateTrackedObject] = [:]
            for try await objects in group {
                for object in objects { found[object.id] = object }
            }
            return found
        }
    }

    /// Ids asked for at most in one `GET /api/event_ids` (about 4 kB of URL: nginx refuses a
    /// request line over its 8 kB header buffer).
    static let objectsPerRequest = 150

    /// `event` (the item's) with what its tracked objects add: the faces (the item's
    /// `data.sub_labels`, then the objects' sub labels), the plates read, and kept (every object
    /// retained; an item whose objects are gone is not).
    static func adding(_ objects: [String: FrigateTrackedObject], of item: FrigateReviewItem, to event: Event) -> Event {
        var event = event
        let own = (item.data?.detections ?? []).compactMap { objects[$0] }
        var faces = event.subLabels ?? []
        for face in own.flatMap(\.subLabels) where !faces.contains(face) { faces.append(face) }
        event.subLabels = faces
        var plates: [String] = []
        for plate in own.compactMap(\.plate) where !plates.contains(plate) { plates.append(plate) }
        event.plates = plates
        event.kept = !own.isEmpty && own.allSatisfy { $0.retain_indefinitely == true }
        return event
    }

    // MARK: - Keep (retain)

    /// Frigate keeps tracked objects, not review items: every tracked object of the items is
    /// retained (`POST /api/events/<id>/retain`) or let go (`DELETE`), as event.py's `set_retain`
    /// and `delete_retain` do. Both need the admin role (`require_role(["admin"])`): a viewer gets
    /// 403 `{"detail": "Role viewer not authorized. Required: admin"}`, thrown with those words and
    /// what to do. The items' objects are read first (`GET /api/review_ids?ids=`).
    public func setKept(_ ids: [String], kept: Bool) async throws {
        guard !ids.isEmpty else { return }
        let url = FrigatePaths.api(server, "review_ids", query: [URLQueryItem(name: "ids", value: ids.joined(separator: ","))])
        let response = try await send(url, bypassCache: true)
        let items = try decodeLossy([FrigateReviewItem].self, response.body, what: "review items").values
        let objects = items.flatMap { $0.data?.detections ?? [] }
        guard !objects.isEmpty else {
            throw EventsAPIError(.rejected, "Frigate has no tracked objects in \(ids.count == 1 ? "this review item" : "these review items") to retain")
        }
        defer { wrote() }
        for object in objects {
            _ = try await send(FrigatePaths.api(server, "events").appending(path: object).appending(path: "retain"),
                               method: kept ? "POST" : "DELETE")
        }
    }

    /// The refusal of a retain (`POST`/`DELETE /api/events/<id>/retain`): Frigate's words, escaped.
    nonisolated static func retainRefused(_ status: Int, _ message: String?, undo: Bool) -> EventsAPIError {
        let said = message.map { ": " + TerminalText.printable($0) } ?? ""
        let what = undo ? "stop retaining" : "retain"
        if status == 403 {
            return EventsAPIError(.rejected, "Frigate refused to \(what) this event (HTTP 403\(said)): only a user with the admin role may; sign in as one")
        }
        return EventsAPIError(.rejected, "Frigate refused to \(what) this event (HTTP \(status)\(said))")
    }

    // MARK: - Details

    /// `event` as Frigate has it now (`GET /api/review/<id>`: a GenAI description written since
    /// it was listed shows) with its tracked objects (`GET /api/event_ids?ids=`): label, best
    /// score, face, plate, description, zones; and the GenAI review's fields (scene, summary,
    /// threat, confidence, other concerns, observations). A recording or live view is itself alone.
    public func details(of event: Event) async throws -> EventDetails {
        guard event.bucket != Self.recordingBucket, event.videoFormat != .liveFeed else { return EventDetails(event: event) }
        let response = try await send(FrigatePaths.reviewItem(server, id: event.id), bypassCache: true)
        let item = try APIDecoding.decode(FrigateReviewItem.self, from: response.body, what: "review item")
        let objects = try await trackedObjects(of: [item], bypassCache: true)
        var current = Self.adding(objects, of: item,
                                  to: item.event(server: server, names: try await cameraNames(), authorization: mediaAuthorization, now: now()))
        current.serverReviewed = event.serverReviewed
        let tracked = (item.data?.detections ?? []).compactMap { objects[$0]?.tracked }
        return EventDetails(event: current, objects: tracked, fields: Self.fields(item.data?.metadata))
    }

    /// The GenAI review's fields, as Frigate's UI names them.
    static func fields(_ metadata: FrigateReviewItem.Metadata?) -> [EventDetails.Field] {
        guard let metadata else { return [] }
        var fields: [EventDetails.Field] = []
        func add(_ name: String, _ value: String?) {
            if let value, !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { fields.append(.init(name: name, value: value)) }
        }
        // Title, scene, summary, threat, confidence and concerns are the event's description
        // (``Event/description``); the observations are not.
        add("Observations", metadata.observations?.joined(separator: "; "))
        return fields
    }
}
