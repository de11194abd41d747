import Foundation

/// The review routes (review.py): the list with its filters, by id, and the per-user marks.
extension FrigateRouter {
    /// GET /api/review: `start_time < before AND (end_time IS NULL OR end_time > after)`, where a
    /// missing or 0 `before` is now and a missing or 0 `after` is 24 h ago (Python's `or`); newest
    /// start first; `limit` absent means all; `reviewed=0` only unmarked, `=1` only marked (0.17+).
    func review(_ request: RequestInfo, caller: Caller) async -> Reply {
        var query = FastAPIParameters(request)
        let cameras = query.string("cameras") ?? "all", labels = query.string("labels") ?? "all"
        let zones = query.string("zones") ?? "all"
        let reviewed = query.int("reviewed"), limit = query.int("limit")
        let severity = query.choice("severity", FrigateReviewItem.Severity.allCases.map(\.rawValue))
        let beforeParameter = query.float("before"), afterParameter = query.float("after")
        if let problem = query.problem { return problem }
        let current = now.timeIntervalSince1970
        let before = beforeParameter.flatMap { $0 == 0 ? nil : $0 } ?? current
        let after = afterParameter.flatMap { $0 == 0 ? nil : $0 } ?? current - 86_400

        var allowed = Set(frigate.catalog.cameras.map(\.name))
        if cameras != "all" {
            allowed.formIntersection(cameras.split(separator: ",", omittingEmptySubsequences: false).map(String.init))
            if allowed.isEmpty { return .frigate(.array([])) }
        }
        let wantedLabels = labels == "all" ? nil : labels.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let wantedZones = zones == "all" ? nil : zones.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let marked = await frigate.marks.reviewed(by: caller.user)
        var rows: [FrigateJSON] = []
        let cap = limit.map { $0 < 0 ? Int.max : $0 } ?? Int.max
        for item in frigate.items(at: current) where rows.count < cap {
            guard item.startTime < before, item.endsAfter(after), allowed.contains(item.camera) else { continue }
            if let wantedLabels, !wantedLabels.contains(where: { item.objects.contains($0) || item.audio.contains($0) }) { continue }
            if let wantedZones, !wantedZones.contains(where: { item.zones.contains($0) }) { continue }
            if let severity, item.severity.rawValue != severity { continue }
            let isMarked = marked.contains(item.id)
            if reviewed == 0, isMarked { continue }
            if reviewed == 1, !frigate.behavesAsBefore017, !isMarked { continue }
            rows.append(item.listJSON(reviewed: isMarked))
        }
        return .frigate(.array(rows))
    }

    /// GET /api/review_ids?ids=a,b: 404 for the first unknown id, else the items (by id).
    func reviewIDs(_ request: RequestInfo) -> Reply {
        var query = FastAPIParameters(request)
        guard let ids = query.required("ids") else { return query.problem! }
        let list = ids.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        if let unknown = list.first(where: { frigate.catalog.itemsByID[$0] == nil }) {
            return .frigateFailure(404, "Review \(unknown) not found")
        }
        let items = Set(list).compactMap { frigate.catalog.itemsByID[$0] }.sorted { $0.id < $1.id }
        return .frigate(.array(items.map(\.modelJSON)))
    }

    /// POST /api/reviews/viewed {"ids":[…],"reviewed":true|false}: marks for the caller only;
    /// unknown ids are skipped. Before 0.17 `reviewed` is ignored (always marks reviewed).
    func reviewsViewed(_ request: RequestInfo, caller: Caller) async -> Reply {
        guard let object = try? JSONSerialization.jsonObject(with: request.body) else {
            return FastAPIParameters.validationFailure([request.body.isEmpty
                ? FastAPIParameters.error(type: "missing", loc: ["body"], msg: "Field required", input: .null)
                : FastAPIParameters.error(type: "json_invalid", loc: ["body", "0"], msg: "JSON decode error", input: .object([]))])
        }
        guard let body = object as? [String: Any] else {
            return FastAPIParameters.validationFailure([FastAPIParameters.error(
                type: "model_attributes_type", loc: ["body"], msg: "Input should be a valid dictionary or object to extract fields from",
                input: .null)])
        }
        guard let raw = body["ids"] else {
            return FastAPIParameters.validationFailure([FastAPIParameters.error(type: "missing", loc: ["body", "ids"], msg: "Field required", input: .null)])
        }
        guard let ids = raw as? [Any], ids.allSatisfy({ $0 is String }) else {
            return FastAPIParameters.validationFailure([FastAPIParameters.error(type: "list_type", loc: ["body", "ids"], msg: "Input should be a valid list", input: .null)])
        }
        let strings = ids.compactMap { $0 as? String }
        if strings.isEmpty {
            return FastAPIParameters.validationFailure([FastAPIParameters.error(
                type: "too_short", loc: ["body", "ids"], msg: "List should have at least 1 item after validation, not 0", input: .array([]))])
        }
        if let index = strings.firstIndex(where: \.isEmpty) {
            return FastAPIParameters.validationFailure([FastAPIParameters.error(
                type: "string_too_short", loc: ["body", "ids", String(index)], msg: "String should have at least 1 character", input: .string(""))])
        }
        var reviewed = true
        if !frigate.behavesAsBefore017, let value = body["reviewed"] {
            guard let flag = value as? Bool else {
                return FastAPIParameters.validationFailure([FastAPIParameters.error(
                    type: "bool_parsing", loc: ["body", "reviewed"], msg: "Input should be a valid boolean", input: .null)])
            }
            reviewed = flag
        }
        await frigate.marks.set(strings.filter { frigate.item(id: $0, at: now.timeIntervalSince1970) != nil }, reviewed: reviewed, user: caller.user)
        let message = frigate.behavesAsBefore017 ? "Reviewed multiple items"
            : "Marked multiple items as \(reviewed ? "reviewed" : "unreviewed")"
        return .frigate(.object([("success", .bool(true)), ("message", .string(message))]))
    }

    /// GET /api/review/event/<event id>: the item that lists that detection.
    func reviewByEvent(_ id: String) -> Reply {
        guard let item = frigate.catalog.items.last(where: { $0.detections.contains(id) }) else {
            return .frigateFailure(404, "Review item not found")
        }
        return .frigate(item.modelJSON)
    }

    /// GET /api/review/<id>.
    func reviewByID(_ id: String) -> Reply {
        guard let item = frigate.item(id: id, at: now.timeIntervalSince1970) else { return .frigateFailure(404, "Review item not found") }
        return .frigate(item.modelJSON)
    }

    /// DELETE /api/review/<id>/viewed: the caller's mark is removed (the older way to un-mark).
    func reviewUnviewed(_ id: String, caller: Caller) async -> Reply {
        guard frigate.catalog.itemsByID[id] != nil else { return .frigateFailure(404, "Review \(id) not found") }
        await frigate.marks.remove(id, user: caller.user)
        return .frigate(.object([("success", .bool(true)), ("message", .string("Set Review \(id) as not viewed"))]))
    }
}
