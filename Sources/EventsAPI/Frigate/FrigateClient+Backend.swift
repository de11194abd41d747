import Foundation
import Networking
import SystemSupport

/// What eventplayer asks of Frigate, as an ``EventBackend``.
extension FrigateClient: EventBackend {
    public nonisolated var kind: BackendKind { .frigate }
    public nonisolated var userPrompt: String { "User" }
    public nonisolated var reviewedOnServer: Bool { true }
    public nonisolated var severities: [String] { ["alert", "detection"] }
    /// Frigate retains tracked objects past retention (``setKept(_:kept:)``).
    public nonisolated var keepName: String? { "retain" }

    /// The video's credential: the JWT as a bearer header, or none on the unauthenticated port.
    var mediaAuthorization: MediaAuthorization { requiresSignIn ? .bearer : .none }

    /// A page of review items (`GET /api/review`), newest first, paged by `before`
    /// (``StartCursor``), with their tracked objects (`GET /api/event_ids`, one request: faces,
    /// plates, kept). The first page skips nginx's cache (a load or a refresh). What `/api/review`
    /// cannot filter (a face, plate, threat, kept, search text) is matched on the page
    /// (``EventFilter/admits(_:)``): a page may hold fewer events than asked, and still a next cursor.
    public func events(cursor: String?, limit: Int, filter: EventFilter) async throws -> EventsPage {
        let limit = max(1, limit)
        let position = try StartCursor.position(cursor, of: "Frigate")
        // The cameras' names (the config, once a session) are needed before asking only when the
        // filter names cameras; else the review items are asked for beside them (a round trip less).
        async let loadedNames = cameraNames()
        let namesCameras = filter.camera != nil || !(filter.cameras ?? []).isEmpty
        let askedNames = namesCameras ? try await loadedNames : [:]
        var query: [URLQueryItem] = []
        let asked = limit + (position?.seen.count ?? 0)
        query.append(URLQueryItem(name: "limit", value: String(asked)))
        query += try Self.whereQuery(filter, resolving: { try resolve(camera: $0, names: askedNames) })
        if let severity = filter.severity { query.append(URLQueryItem(name: "severity", value: severity)) }
        if let reviewed = filter.reviewed { query.append(URLQueryItem(name: "reviewed", value: reviewed ? "1" : "0")) }
        // Frigate reads a missing (or zero) `after` as "the last 24 hours": always send one. Its
        // `after` compares with the end of an item; items that started earlier are left out here.
        let after = max(1, filter.since?.timeIntervalSince1970 ?? 1)
        query.append(URLQueryItem(name: "after", value: Self.epoch(after)))
        let before = position?.before ?? filter.until?.timeIntervalSince1970
        if let before { query.append(URLQueryItem(name: "before", value: Self.epoch(before))) }
        let response = try await send(FrigatePaths.api(server, "review", query: query), bypassCache: cursor == nil)
        let items = try decodeLossy([FrigateReviewItem].self, response.body, what: "review items")
        let names = try await loadedNames
        let now = now()
        let authorization = mediaAuthorization
        var listed: [FrigateReviewItem] = []
        var reachedSince = false
        for item in items.values where !(position?.seen.contains(item.id) ?? false) {
            if let since = filter.since, item.start_time < since.timeIntervalSince1970 { reachedSince = true; continue }
            listed.append(item)
        }
        // Faces, plates and kept come from the items' tracked objects: one more request a page.
        let objects = try await trackedObjects(of: listed, bypassCache: cursor == nil)
        // /api/review has no parameter for a face, plate, threat, kept or text: those are matched here.
        let events = listed.map { item in
            Self.adding(objects, of: item, to: item.event(server: server, names: names, authorization: authorization, now: now))
        }.filter(filter.admits)
        let next = reachedSince ? nil : StartCursor.after(page: items.values.map { ($0.id, $0.start_time) }, asked: asked)
        return EventsPage(events: events, nextCursor: next?.text, skipped: items.skipped)
    }

    public func mediaTokens(refresh: Bool) async throws -> [MediaToken] {
        guard requiresSignIn else { return [] }
        guard let session else { throw EventsAPIError.signInRequired }
        if session.expiresAt <= now() { throw EventsAPIError.sessionExpired }
        return [MediaToken(bucket: MediaToken.sessionBucket, token: session.accessToken, expiresAt: session.expiresAt)]
    }

    /// The cameras in Frigate's order (`ui.order`), read again from `GET /api/config`.
    public func cameras() async throws -> [Camera] {
        try await loadConfig(again: true).orderedCameras
    }

    public func cameraGroups() async throws -> [CameraGroup] {
        try await loadConfig(again: config == nil).orderedGroups
    }

    /// `POST /api/reviews/viewed`; un-marking on servers before 0.17 is `DELETE /api/review/<id>/viewed`.
    public func setReviewed(_ ids: [String], reviewed: Bool) async throws {
        guard !ids.isEmpty else { return }
        defer { wrote() }
        if !reviewed, await serverVersion().map({ !$0.unmarksByBody }) ?? false {
            for id in ids {
                _ = try await send(FrigatePaths.api(server, "review/\(id)/viewed"), method: "DELETE")
            }
            return
        }
        _ = try await send(FrigatePaths.api(server, "reviews/viewed"), method: "POST", json: ["ids": ids, "reviewed": reviewed])
    }

    /// `GET /api/<camera>/recordings?after=&before=` (both always sent: their defaults are fixed
    /// when the server starts), joined where one recording ends as the next begins.
    public func coverage(camera: String, in range: Range<Date>) async throws -> [RecordedSpan]? {
        let query = [URLQueryItem(name: "after", value: Self.epoch(range.lowerBound.timeIntervalSince1970)),
                     URLQueryItem(name: "before", value: Self.epoch(range.upperBound.timeIntervalSince1970))]
        let response = try await send(FrigatePaths.api(server, "\(camera)/recordings", query: query))
        let items = try decodeLossy([FrigateRecordingBody].self, response.body, what: "recordings").values
        var spans: [RecordedSpan] = []
        for item in items.sorted(by: { $0.start_time < $1.start_time }) where item.end_time > item.start_time {
            let start = Date(timeIntervalSince1970: item.start_time), end = Date(timeIntervalSince1970: item.end_time)
            if let last = spans.last, start.timeIntervalSince(last.end) <= 1 {
                spans[spans.count - 1].end = max(last.end, end)
                spans[spans.count - 1].motion = (last.motion ?? 0) + (item.motion ?? 0)
            } else {
                spans.append(RecordedSpan(start: start, end: end, motion: item.motion))
            }
        }
        return spans
    }

    /// The recordings of `camera` over `range` as one playable event (nginx-vod joins them).
    public func recording(camera: String, in range: Range<Date>) async throws -> Event? {
        let names = try await cameraNames()
        let start = Int(range.lowerBound.timeIntervalSince1970.rounded(.down))
        let end = Int(range.upperBound.timeIntervalSince1970.rounded(.up))
        var event = Event(id: "rec-\(camera)-\(start)-\(end)", cameraName: names[camera] ?? FrigateConfigBody.shownName(camera), title: "recording",
                          startTime: Date(timeIntervalSince1970: Double(start)), endTime: Date(timeIntervalSince1970: Double(end)),
                          bucket: "recording", videoUrl: FrigatePaths.vod(server: server, camera: camera, start: start, end: end))
        event.cameraID = camera
        event.authorization = mediaAuthorization
        return event
    }

    /// `camera` live: Frigate's MJPEG feed `GET /api/<camera>?fps=<n>&height=<px>&h=<px>` (an
    /// endless `multipart/x-mixed-replace` of JPEG pictures, scaled and paced by the server), as an
    /// event without end, authorised as the rest of the media. `height` is the parameter's name
    /// since 0.15 (FastAPI), `h` before; each version ignores the other.
    public func live(camera: String, quality: LiveQuality) async throws -> Event? {
        let names = try await cameraNames()
        let id = try resolve(camera: camera, names: names)
        return Self.liveEvent(server: server, camera: id, name: names[id] ?? FrigateConfigBody.shownName(id),
                              quality: quality, authorization: mediaAuthorization, now: Date())
    }

    /// The event ``live(camera:quality:)`` answers, from what it knows.
    static func liveEvent(server: URL, camera: String, name: String, quality: LiveQuality,
                          authorization: MediaAuthorization, now: Date) -> Event {
        let height = String(quality.height)
        let url = FrigatePaths.api(server, camera, query: [
            URLQueryItem(name: "fps", value: String(quality.fps)),
            URLQueryItem(name: "height", value: height), URLQueryItem(name: "h", value: height),
        ])
        var event = Event(id: "live-\(camera)", cameraName: name, title: "live", startTime: now, endTime: nil,
                          bucket: "live", videoUrl: url)
        event.cameraID = camera
        event.authorization = authorization
        event.videoFormat = .liveFeed
        return event
    }

    /// `GET /api/version` (once): which API this Frigate has.
    public func serverVersion() async -> FrigateVersion? {
        if let version { return version }
        guard let response = try? await send(FrigatePaths.api(server, "version")) else { return nil }
        version = FrigateVersion(String(decoding: response.body.prefix(64), as: UTF8.self))
        return version
    }

    // MARK: - Helpers

    /// `GET /api/config`, past nginx's cache: kept once read, read again with `again`. A read on
    /// its way answers every caller meanwhile.
    func loadConfig(again: Bool) async throws -> FrigateConfigBody {
        if !again, let config { return config }
        if let configLoad { return try await configLoad.value }
        let load = Task {
            let response = try await send(FrigatePaths.api(server, "config"), bypassCache: true)
            return try APIDecoding.decode(FrigateConfigBody.self, from: response.body, what: "Frigate config")
        }
        configLoad = load
        defer { configLoad = nil }
        let body = try await load.value
        config = body
        return body
    }

    /// Camera id -> the name shown.
    func cameraNames() async throws -> [String: String] {
        let config = try await loadConfig(again: false)
        return Dictionary(config.orderedCameras.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
    }

    /// A camera as the user named it (its id, or its friendly name in any case) -> its id.
    func resolve(camera: String, names: [String: String]) throws -> String {
        if names[camera] != nil { return camera }
        if let match = names.first(where: { $0.value.lowercased() == camera.lowercased() || $0.key.lowercased() == camera.lowercased() }) {
            return match.key
        }
        let known = names.keys.sorted().joined(separator: ", ")
        throw EventsAPIError(.rejected, "Frigate has no camera \"\(camera.prefix(60))\" (it has: \(known))")
    }

    /// Decodes an array item by item: a malformed item is skipped and counted, not fatal.
    nonisolated func decodeLossy<T: Decodable>(_ type: [T].Type, _ data: Data, what: String) throws -> (values: [T], skipped: Int) {
        let lossy = try APIDecoding.decode([Lossy<T>].self, from: data, what: what)
        var values: [T] = []
        var skipped = 0
        for element in lossy {
            switch element.result {
            case .success(let value): values.append(value)
            case .failure: skipped += 1
            }
        }
        return (values, skipped)
    }

    /// Epoch seconds as Frigate's query wants them (no exponent).
    static func epoch(_ seconds: Double) -> String {
        seconds.fixed(3)
    }
}

// MARK: - Filter values (the TUI's label and zone pickers)

extension FrigateClient {
    /// The labels of `GET /api/labels` (the distinct labels of Frigate's tracked objects, sorted:
    /// one request with `camera=` for each of `cameras`, one without for every camera), the
    /// zones in `GET /api/config` of those cameras, and the faces and plates of every camera. Review items are matched against both by name
    /// (`labels=`, `zones=` of `/api/review`).
    public func filterValues(cameras: [String]?) async throws -> FilterValues {
        let config = try await loadConfig(again: true)
        let names = Dictionary(config.orderedCameras.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        let ids = try cameras.flatMap { $0.isEmpty ? nil : try $0.map { try resolve(camera: $0, names: names) } }
        var labels: Set<String> = []
        let asked: [String?] = ids.map { $0.map(Optional.some) } ?? [nil]
        for id in asked {
            labels.formUnion(try await serverLabels(camera: id))
        }
        return FilterValues(labels: labels.sorted(), zones: config.zones(cameras: ids),
                            subLabels: try await serverList("sub_labels", what: "sub labels"),
                            plates: try await serverList("recognized_license_plates", what: "plates"))
    }

    /// `GET /api/sub_labels?split_joined=1` or `GET /api/recognized_license_plates?split_joined=1`
    /// (app.py: the distinct values of the tracked objects of every camera the user may see, joined
    /// ones split, sorted; not per camera).
    /// A Frigate without the route (before 0.16 for plates) offers none.
    private func serverList(_ path: String, what: String) async throws -> [String] {
        let response: HTTPResponse
        do {
            response = try await send(FrigatePaths.api(server, path, query: [URLQueryItem(name: "split_joined", value: "1")]))
        } catch let error as EventsAPIError where error.code == .rejected {
            logger.notice("no \(what) to offer", metadata: ["error": "\(error)"])
            return []
        }
        return Set(try decodeLossy([String].self, response.body, what: what).values.filter { !$0.isEmpty }).sorted()
    }

    /// `GET /api/labels`, of one camera (its id) or of every camera the user may see.
    private func serverLabels(camera: String?) async throws -> [String] {
        let query = camera.map { [URLQueryItem(name: "camera", value: $0)] } ?? []
        let response = try await send(FrigatePaths.api(server, "labels", query: query))
        return try decodeLossy([String].self, response.body, what: "labels").values
    }
}

extension FrigateClient {
    /// The cameras, labels and zones of `filter` as Frigate's query parameters (`cameras`,
    /// `labels`, `zones`, comma-separated), the cameras by their ids (`resolving` a name as shown):
    /// what its review and its search routes both take.
    static func whereQuery(_ filter: EventFilter, resolving: (String) throws -> String) throws -> [URLQueryItem] {
        var query: [URLQueryItem] = []
        if let camera = filter.camera {
            query.append(URLQueryItem(name: "cameras", value: try resolving(camera)))
        } else if let cameras = filter.cameras, !cameras.isEmpty {
            query.append(URLQueryItem(name: "cameras", value: try cameras.map(resolving).joined(separator: ",")))
        }
        if let labels = filter.labels, !labels.isEmpty { query.append(URLQueryItem(name: "labels", value: labels.joined(separator: ","))) }
        if let zones = filter.zones, !zones.isEmpty { query.append(URLQueryItem(name: "zones", value: zones.joined(separator: ","))) }
        return query
    }
}
