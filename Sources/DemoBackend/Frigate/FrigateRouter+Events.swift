import Foundation

/// The detection (event) routes of event.py and media.py the demo serves: the list (its camera,
/// label, zone, sub label, plate, favourite (retained), time and in-progress filters), by ids, by
/// id, and the thumbnail.
extension FrigateRouter {
    /// GET /api/events: `start_time > after` and `< before` (0 means no bound), newest first (or
    /// `sort=date_asc`), `limit` 100 unless given. Its `ids` parameter does not exist (Frigate
    /// ignores it): by ids is /api/event_ids.
    func events(_ request: RequestInfo) async -> Reply {
        var query = FastAPIParameters(request)
        let limit = query.int("limit") ?? 100
        let after = query.float("after"), before = query.float("before"), inProgress = query.int("in_progress")
        let favorites = query.int("favorites")
        if let problem = query.problem { return problem }
        var cameras = query.string("cameras") ?? "all"
        if cameras == "all", let camera = query.string("camera"), camera != "all" { cameras = camera }
        var labels = query.string("labels") ?? "all"
        if labels == "all", let label = query.string("label"), label != "all" { labels = label }
        var zones = query.string("zones") ?? "all"
        if zones == "all", let zone = query.string("zone"), zone != "all" { zones = zone }
        var allowed = Set(frigate.catalog.cameras.map(\.name))
        if cameras != "all" {
            allowed.formIntersection(cameras.split(separator: ",", omittingEmptySubsequences: false).map(String.init))
            if allowed.isEmpty { return .frigate(.array([])) }
        }
        let labelList = labels == "all" ? nil : Set(labels.split(separator: ",", omittingEmptySubsequences: false).map(String.init))
        let zoneList = zones == "all" ? nil : zones.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let eventID = query.string("event_id")
        var subLabels = query.string("sub_labels") ?? "all"
        if subLabels == "all", let subLabel = query.string("sub_label"), subLabel != "all" { subLabels = subLabel }
        let plates = query.string("recognized_license_plate") ?? "all"
        let retained = await frigate.retained.all
        var list = frigate.catalog.history.detections.filter { event in
            if subLabels != "all", !Self.subLabelMatches(event.subLabel, subLabels) { return false }
            if plates != "all", !plates.split(separator: ",", omittingEmptySubsequences: false).contains(where: {
                $0 == "None" ? event.plate == nil : event.plate == String($0)
            }) { return false }
            if let favorites, favorites != 0, !retained.contains(event.id) { return false }
            guard allowed.contains(event.camera) else { return false }
            if let labelList, !labelList.contains(event.label) { return false }
            if let zoneList, !zoneList.contains(where: { $0 == "None" ? event.zones.isEmpty : event.zones.contains($0) }) { return false }
            if let after, after != 0, !(event.startTime > after) { return false }
            if let before, before != 0, !(event.startTime < before) { return false }
            if let inProgress, (event.endTime == nil) != (inProgress != 0) { return false }
            if let eventID, event.id != eventID { return false }
            return true
        }
        if query.string("sort") == "date_asc" { list.reverse() }
        let capped = limit < 0 ? list : Array(list.prefix(limit))
        return .frigate(.array(capped.map { $0.listJSON(retained: retained.contains($0.id)) }))
    }

    /// event.py's sub label match: `None` is no sub label; a name matches ignoring case, alone or
    /// in a joined list ("bob" matches "Bob" and "Bob, John"). Plates (`recognized_license_plate`)
    /// match exactly here (Frigate also takes a regular expression: not the demo).
    static func subLabelMatches(_ subLabel: String?, _ wanted: String) -> Bool {
        wanted.split(separator: ",", omittingEmptySubsequences: false).contains { name in
            if name == "None" { return subLabel == nil }
            guard let subLabel else { return false }
            let parts = subLabel.lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            return parts.contains(name.lowercased())
        }
    }

    /// GET /api/event_ids?ids=a,b: the known ones, every column.
    func eventIDs(_ request: RequestInfo) async -> Reply {
        var query = FastAPIParameters(request)
        guard let ids = query.required("ids") else { return query.problem! }
        let found = Set(ids.split(separator: ",", omittingEmptySubsequences: false).map(String.init))
            .compactMap { frigate.catalog.detectionsByID[$0] }.sorted { $0.id < $1.id }
        let retained = await frigate.retained.all
        return .frigate(.array(found.map { $0.modelJSON(retained: retained.contains($0.id)) }))
    }

    /// GET /api/events/<id> (its response model's fields); unknown: 404 with the JSON string "Event not found".
    func event(_ id: String) async -> Reply {
        guard let event = frigate.catalog.detectionsByID[id] else { return .frigate(.string("Event not found"), status: 404) }
        let model = event.modelJSON(retained: await frigate.retained.all.contains(id))
        guard case .object(let pairs) = model else { return .frigate(model) }
        let fields = ["id", "label", "sub_label", "camera", "start_time", "end_time", "false_positive", "zones", "thumbnail",
                      "has_clip", "has_snapshot", "retain_indefinitely", "plus_id", "model_hash", "detector_type", "model_type", "data"]
        return .frigate(.object(fields.compactMap { name in pairs.first { $0.0 == name } }))
    }

    /// GET /api/events/<id>/thumbnail.<webp|png|jpg|jpeg>: the demo's still (JPEG bytes whatever the
    /// extension says), cached privately for 30 days once the event has ended.
    func eventThumbnail(_ id: String, extension ext: String) -> Reply {
        let allowed = ["webp", "png", "jpg", "jpeg"]
        guard allowed.contains(ext) else {
            return FastAPIParameters.validationFailure([FastAPIParameters.error(
                type: "enum", loc: ["path", "extension"], msg: "Input should be 'webp', 'png', 'jpg' or 'jpeg'", input: .string(ext),
                context: [("expected", .string("'webp', 'png', 'jpg' or 'jpeg'"))])])
        }
        guard let event = frigate.catalog.detectionsByID[id] else { return .frigateFailure(404, "Event not found") }
        var reply = still(contentType: ext == "jpg" || ext == "jpeg" ? "image/jpeg" : "image/\(ext)")
        reply.headers.append(("Cache-Control", event.endTime != nil ? "private, max-age=2592000" : "no-store"))
        return reply
    }

    /// The demo's still image with `contentType`.
    func still(contentType: String) -> Reply {
        guard let data = try? Data(contentsOf: frigate.still) else { return .frigateFailure(404, "Image not found") }
        return Reply(status: 200, headers: [("Content-Type", contentType)], body: data)
    }
}
