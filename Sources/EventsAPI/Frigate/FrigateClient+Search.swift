import Foundation
import Networking

/// Frigate's semantic search (``EventBackend/semanticSearch(_:filter:limit:)``), asked only where
/// its config turns it on.
extension FrigateClient {
    /// `semantic_search.enabled` in `GET /api/config` (read once, as the cameras are).
    public func offersSemanticSearch() async throws -> Bool {
        try await loadConfig(again: false).semanticSearchEnabled
    }

    /// `GET /api/events/search?query=<text>&search_type=description,thumbnail&limit=<n>` (event.py
    /// `events_search`, `EventsSearchQueryParams`) with the filter's cameras, labels, zones,
    /// face, plate and times (`after`/`before` bound the objects' start), when
    /// `semantic_search.enabled`; nil without asking when it is off (the route would answer 400
    /// "Semantic search is not enabled"). The answer is tracked objects, most relevant first; each
    /// becomes its review item (`GET /api/review/event/<id>`, one request per item found, the
    /// first `limit`), listed once, with its tracked objects; what `/api/events/search` cannot
    /// filter (threat, kept) is matched here.
    public func semanticSearch(_ text: String, filter: EventFilter, limit: Int) async throws -> [Event]? {
        guard try await offersSemanticSearch() else { return nil }
        let names = try await cameraNames()
        let limit = max(1, min(limit, 100))
        var query = [URLQueryItem(name: "query", value: text), URLQueryItem(name: "search_type", value: "description,thumbnail"),
                     URLQueryItem(name: "limit", value: String(limit))]
        query += try Self.whereQuery(filter, resolving: { try resolve(camera: $0, names: names) })
        if let subLabel = filter.subLabel { query.append(URLQueryItem(name: "sub_labels", value: subLabel)) }
        if let plate = filter.plate { query.append(URLQueryItem(name: "recognized_license_plate", value: plate)) }
        if let since = filter.since { query.append(URLQueryItem(name: "after", value: Self.epoch(since.timeIntervalSince1970))) }
        if let until = filter.until { query.append(URLQueryItem(name: "before", value: Self.epoch(until.timeIntervalSince1970))) }
        let response = try await send(FrigatePaths.api(server, "events/search", query: query))
        let found = try decodeLossy([FrigateTrackedObject].self, response.body, what: "search results").values

        var items: [FrigateReviewItem] = []
        var seen: Set<String> = []
        for object in found.prefix(limit) where !items.contains(where: { ($0.data?.detections ?? []).contains(object.id) }) {
            let url = FrigatePaths.api(server, "review/event").appending(path: object.id)
            let item: FrigateReviewItem
            do {
                item = try APIDecoding.decode(FrigateReviewItem.self, from: try await send(url).body, what: "review item")
            } catch let error as EventsAPIError where error.code == .eventGone {
                continue   // an object no review item lists (it never became an alert or detection)
            }
            if seen.insert(item.id).inserted { items.append(item) }
        }
        let objects = try await trackedObjects(of: items)
        let authorization = mediaAuthorization
        let now = now()
        var rest = filter
        rest.search = nil
        rest.subLabel = nil
        rest.plate = nil
        return items.map { item in
            Self.adding(objects, of: item, to: item.event(server: server, names: names, authorization: authorization, now: now))
        }.filter(rest.admits)
    }
}
