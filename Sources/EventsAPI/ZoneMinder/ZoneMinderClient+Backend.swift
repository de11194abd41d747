import Foundation
import Networking
import SystemSupport

/// What eventplayer asks of ZoneMinder, as an ``EventBackend``.
extension ZoneMinderClient: EventBackend {
    public nonisolated var kind: BackendKind { .zoneminder }
    public nonisolated var userPrompt: String { "User" }
    /// ZoneMinder has no per-user "reviewed": the marks stay in the local file.
    public nonisolated var reviewedOnServer: Bool { false }
    public nonisolated var severities: [String] { [] }

    /// A page of events, newest first (`GET /api/events/index/<filters>.json`, sorted by
    /// `StartDateTime` descending), paged by start time (``StartCursor``; ZoneMinder's own page
    /// numbers shift as events are recorded). One camera is a `MonitorId` filter; a set of cameras
    /// is filtered here (ZoneMinder 1.36 has no `IN`). The dates are the server's local time.
    /// A minimum score is the `MaxScore >=` filter, kept events the `Archived` one.
    ///
    /// ZoneMinder answers at most ``serverPageLimit`` events a request whatever `limit` asks
    /// (CakePHP's `maxLimit`), and says in `pagination.nextPage` whether more match: a `limit`
    /// above that is read in several requests, and the cursor follows `nextPage`.
    public func events(cursor: String?, limit: Int, filter: EventFilter) async throws -> EventsPage {
        let limit = max(1, limit)
        var position = try StartCursor.position(cursor, of: "ZoneMinder")
        // Both once a session, and neither needs the other: asked side by side (a round trip less).
        async let loadedMonitors = monitorList(again: false)
        let time = try await timeZone()
        let monitors = try await loadedMonitors
        var filters: [(field: String, value: String)] = []
        var shown: Set<String>?
        if let camera = filter.camera {
            filters.append(("MonitorId", try resolve(camera: camera, monitors: monitors)))
        } else if let cameras = filter.cameras, !cameras.isEmpty {
            shown = Set(try cameras.map { try resolve(camera: $0, monitors: monitors) })
        }
        if let since = filter.since { filters.append(("StartDateTime >=", time.text(since))) }
        if let minScore = filter.minScore { filters.append(("MaxScore >=", String(minScore))) }
        if let kept = filter.kept { filters.append(("Archived", kept ? "1" : "0")) }
        let names = Self.names(monitors)
        var events: [Event] = []
        var skipped = 0
        while true {
            var asked = filters
            if let position {
                // The cursor's own second again: the events already listed there are in `seen`.
                asked.append(("StartDateTime <=", time.text(Date(timeIntervalSince1970: position.before))))
            } else if let until = filter.until {
                asked.append(("StartDateTime <", time.text(until)))   // `--until`: started before it
            }
            let count = min(Self.serverPageLimit, limit - events.count + (position?.seen.count ?? 0))
            let query = [URLQueryItem(name: "sort", value: "StartDateTime"), URLQueryItem(name: "direction", value: "desc"),
                         URLQueryItem(name: "limit", value: String(count)), URLQueryItem(name: "page", value: "1")]
            let response = try await get(ZoneMinderPaths.events(base, filters: asked, query: query))
            let body = try APIDecoding.decode(ZoneMinderBody.Events.self, from: response.body, what: "ZoneMinder events")
            var listed: [(id: String, start: Double)] = []
            for item in body.events {
                guard case .success(let value) = item.result, let event = map(value.Event, names: names, time: time) else {
                    skipped += 1
                    continue
                }
                listed.append((event.id, event.startTime.timeIntervalSince1970))
                if position?.seen.contains(event.id) == true { continue }
                if let shown, !shown.contains(event.camera) { continue }
                events.append(event)
            }
            // More match when ZoneMinder says so (a server without `pagination`: a full answer).
            let more = body.pagination?.nextPage ?? (body.events.count >= count)
            guard more, let next = StartCursor.after(page: listed, asked: 0) else {
                return EventsPage(events: events, nextCursor: nil, skipped: skipped)
            }
            // Done with `limit` events, or stuck: more events of one second than a request answers
            // (the same cursor again; a caller paging on sees it repeat).
            if events.count >= limit || next == position {
                return EventsPage(events: events, nextCursor: next.text, skipped: skipped)
            }
            position = next
        }
    }

    /// The most events ZoneMinder's API answers a request (CakePHP's `maxLimit`; a larger
    /// `limit` gets this many).
    static let serverPageLimit = 100

    /// The event as ZoneMinder has it now (`GET /api/events/<id>.json`); a deleted one throws
    /// ``EventsAPIError/Code/eventGone`` (ZoneMinder answers 404 "Invalid event").
    public func refreshed(_ event: Event) async throws -> Event {
        try await lookUp(id: event.id)
    }

    /// `GET /api/events/<id>.json` (an id that is not a number is no event of ZoneMinder's).
    public func event(id: String) async throws -> Event? {
        try await lookUp(id: id)
    }

    private func lookUp(id: String) async throws -> Event {
        guard let number = Int(id), number > 0 else {
            throw EventsAPIError(.rejected, "ZoneMinder's event ids are numbers, not \(TerminalText.quoted(id, limit: 40))")
        }
        // Without its frames (`noframes`): ZoneMinder joins every frame row to the event otherwise.
        let response = try await get("events/\(number)", query: [URLQueryItem(name: "noframes", value: "true")])
        let body = try APIDecoding.decode(ZoneMinderBody.OneEvent.self, from: response.body, what: "ZoneMinder event")
        guard let mapped = map(body.event.Event, names: Self.names(try await monitorList(again: false)), time: try await timeZone()) else {
            throw EventsAPIError.notUnderstood("ZoneMinder event", field: "StartDateTime")
        }
        return mapped
    }

    /// The session's access token for the video's `token` query item (refreshed when near its
    /// end, or because the server refused the last one); none with authentication off. It is
    /// given out as expiring ``refreshMargin`` before it does, so that a cache of it renews it in
    /// time and a URL made with it (direct mode) is good for at least that long.
    public func mediaTokens(refresh: Bool) async throws -> [MediaToken] {
        guard let token = try await currentToken(refresh: refresh), let session else { return [] }
        return [MediaToken(bucket: MediaToken.sessionBucket, token: token, expiresAt: session.expiresAt.addingTimeInterval(-Self.refreshMargin))]
    }

    /// The monitors in ZoneMinder's order (by `Sequence`, as its console lists them).
    public func cameras() async throws -> [Camera] {
        try await monitorList(again: true).compactMap { monitor in
            guard let id = monitor.Id.int else { return nil }
            let function = monitor.Function ?? "Record"
            return Camera(id: String(id), name: monitor.Name, isEnabled: (monitor.Enabled?.value ?? 1) != 0 && monitor.capturesConfigured,
                          isRecording: function == "Record" || function == "Mocord")
        }
    }

    /// ZoneMinder's groups are not read yet: the config file's camera sets serve instead.
    public func cameraGroups() async throws -> [CameraGroup] { [] }

    /// Never called (``reviewedOnServer`` is false).
    public func setReviewed(_ ids: [String], reviewed: Bool) async throws {}

    /// ZoneMinder's recordings are its events: the timeline's lanes show them as events.
    public func coverage(camera: String, in range: Range<Date>) async throws -> [RecordedSpan]? { nil }

    public func recording(camera: String, in range: Range<Date>) async throws -> Event? { nil }

    public func filterValues(cameras: [String]?) async throws -> FilterValues { .none }

    // MARK: - Helpers

    /// `GET /api/monitors.json` (cached; again when asked).
    func monitorList(again: Bool) async throws -> [ZoneMinderBody.Monitor] {
        if !again, let monitors { return monitors }
        return try await monitorItems().map(\.Monitor)
    }

    /// `GET /api/monitors.json` now: each monitor with its status (the cache of monitors renewed).
    /// A read on its way answers every caller meanwhile.
    func monitorItems() async throws -> [ZoneMinderBody.MonitorItem] {
        if let monitorsLoad { return try await monitorsLoad.value }
        let load = Task {
            let response = try await get("monitors")
            let body = try APIDecoding.decode(ZoneMinderBody.Monitors.self, from: response.body, what: "ZoneMinder monitors")
            return body.monitors.compactMap { try? $0.result.get() }
        }
        monitorsLoad = load
        defer { monitorsLoad = nil }
        let items = try await load.value
        monitors = items.map(\.Monitor)
        return items
    }

    /// `GET /api/host/getTimeZone.json` (once): the zone of every time the server writes.
    func timeZone() async throws -> ZoneMinderTime {
        if let serverTime { return serverTime }
        let response = try await get("host/getTimeZone")
        let body = try APIDecoding.decode(ZoneMinderBody.TimeZoneBody.self, from: response.body, what: "ZoneMinder time zone")
        guard let zone = TimeZone(identifier: body.tz) else {
            throw EventsAPIError(.notUnderstood, "ZoneMinder's time zone \"\(body.tz.prefix(60))\" is not one this machine knows (Options › System › TIMEZONE)")
        }
        let time = ZoneMinderTime(zone: zone)
        serverTime = time
        return time
    }

    /// Monitor id -> name.
    static func names(_ monitors: [ZoneMinderBody.Monitor]) -> [String: String] {
        Dictionary(monitors.compactMap { monitor in monitor.Id.int.map { (String($0), monitor.Name) } }, uniquingKeysWith: { a, _ in a })
    }

    /// A monitor as the user named it (its id, or its name in any case) -> its id.
    func resolve(camera: String, monitors: [ZoneMinderBody.Monitor]) throws -> String {
        let names = Self.names(monitors)
        if names[camera] != nil { return camera }
        if let match = names.first(where: { $0.value.lowercased() == camera.lowercased() }) { return match.key }
        let known = names.values.sorted().joined(separator: ", ")
        throw EventsAPIError(.rejected, "ZoneMinder has no monitor \"\(camera.prefix(60))\" (it has: \(known))")
    }

    /// An event of the API as eventplayer's; nil without an id or a start it can read.
    func map(_ body: ZoneMinderBody.Event, names: [String: String], time: ZoneMinderTime) -> Event? {
        guard let id = body.Id.int, let monitor = body.MonitorId.int,
              let start = (body.StartDateTime ?? body.StartTime).flatMap(time.date) else { return nil }
        let end = (body.EndDateTime ?? body.EndTime).flatMap(time.date)
        let eventID = String(id)
        var title = body.Cause?.trimmingCharacters(in: .whitespaces) ?? ""
        if let notes = body.Notes?.trimmingCharacters(in: .whitespacesAndNewlines), !notes.isEmpty, notes != title {
            title = title.isEmpty ? notes : "\(title): \(notes)"
        }
        if let score = body.MaxScore?.int, score > 0 { title += " (score \(score))" }
        let archived = (body.Archived?.value ?? 0) != 0
        var event = Event(id: eventID, cameraName: names[String(monitor)] ?? "Monitor \(monitor)",
                          title: title.isEmpty ? body.Name : title, startTime: start, endTime: end.map { max($0, start) },
                          bucket: archived ? "archived" : "event", videoUrl: ZoneMinderPaths.video(base, event: eventID),
                          thumbnailUrl: ZoneMinderPaths.snapshot(base, event: eventID))
        event.cameraID = String(monitor)
        event.score = body.MaxScore?.int
        event.kept = archived
        event.authorization = requiresSignIn ? .queryToken : .none
        event.videoFormat = .file
        event.inProgressMedia = .writtenAtEnd
        return event
    }
}
