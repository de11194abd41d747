import Foundation

/// GET /api/events/search (event.py `events_search`, `EventsSearchQueryParams`). Without a
/// `query` (or `event_id`) it is 400 "A search query must be supplied"; with
/// `semantic_search.enabled` off (``FrigateDemoOptions/semanticSearch``) 400 "Semantic search is
/// not enabled", as Frigate answers. When on, the demo has no embeddings: a tracked object matches
/// when every word of the query occurs, ignoring case, in its description (`data.description`)
/// or its label or sub label, standing in for Frigate's thumbnail and description similarity. The
/// `cameras`, `labels`, `sub_labels`, `recognized_license_plate`, `after` and `before` filters
/// apply; the objects come newest first (relevance is not modelled) with `search_distance` and
/// `search_source`, at most `limit` (50).
extension FrigateRouter {
    func eventsSearch(_ request: RequestInfo) async -> Reply {
        var query = FastAPIParameters(request)
        let limit = query.int("limit") ?? 50
        let after = query.float("after"), before = query.float("before")
        if let problem = query.problem { return problem }
        let text = query.string("query") ?? ""
        guard !text.isEmpty || query.string("event_id") != nil else {
            return .frigateFailure(400, "A search query must be supplied")
        }
        guard frigate.options.semanticSearch else { return .frigateFailure(400, "Semantic search is not enabled") }
        func list(_ name: String) -> [String]? {
            guard let value = query.string(name), value != "all" else { return nil }
            return value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        let cameras = list("cameras").map(Set.init) ?? Set(frigate.catalog.cameras.map(\.name))
        let labels = list("labels"), zones = list("zones"), plates = list("recognized_license_plate")
        let subLabels = query.string("sub_labels") ?? "all"
        let words = text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        let retained = await frigate.retained.all
        var rows: [FrigateJSON] = []
        for object in frigate.catalog.history.detections where rows.count < max(0, limit) {
            guard cameras.contains(object.camera) else { continue }
            if let labels, !labels.contains(object.label) { continue }
            if let zones, !zones.contains(where: object.zones.contains) { continue }
            if let plates, !plates.contains(where: { $0 == "None" ? object.plate == nil : object.plate == $0 }) { continue }
            if subLabels != "all", !Self.subLabelMatches(object.subLabel, subLabels) { continue }
            if let after, after != 0, !(object.startTime > after) { continue }
            if let before, before != 0, !(object.startTime < before) { continue }
            let haystack = [object.description ?? "", object.label, object.subLabel ?? ""].joined(separator: " ").lowercased()
            guard !words.isEmpty, words.allSatisfy(haystack.contains) else { continue }
            guard case .object(var pairs) = object.modelJSON(retained: retained.contains(object.id)) else { continue }
            pairs += [("search_distance", .double(0.25)), ("search_source", .string(object.description == nil ? "thumbnail" : "description"))]
            rows.append(.object(pairs))
        }
        return .frigate(.array(rows))
    }
}
