import Foundation

/// `GET /v1/events` (newest first, cursor paging, filters) and `GET /v1/events/tokens`.
extension DemoRouter {
    func listEvents(_ request: RequestInfo) async -> Reply {
        if let denied = await requireAccess(request) { return denied }
        let query: EventQuery
        switch EventQuery.parse(request) {
        case .success(let parsed): query = parsed
        case .failure(let error): return error.reply
        }
        var page: [DemoEvent] = []
        var more = false
        for event in context.events(at: Date()) where query.cursor?.precedes(event) ?? true {
            guard query.matches(event) else { continue }
            if page.count == query.limit { more = true; break }
            page.append(event)
        }
        let liveEnd = await context.live.endTime()
        let base = context.baseURL(for: request)
        let events = page.map { json($0, base: base, liveEnd: liveEnd) }
        var next = more ? page.last.map { EventCursor(after: $0).encoded } : nil
        if plan.loopsCursors, let cursor = query.cursor, let first = firstCursor(query), cursor != first {
            next = first.encoded   // fault: back to page 2
        }
        return .json(EventPageJSON(events: events, nextCursor: next))
    }

    /// The `nextCursor` of the query's first page (for the cursor-loop fault).
    private func firstCursor(_ query: EventQuery) -> EventCursor? {
        let matching = context.events.lazy.filter { query.matches($0) }
        guard matching.count > query.limit else { return nil }
        return EventCursor(after: Array(matching.prefix(query.limit)).last!)
    }

    func tokens(_ request: RequestInfo) async -> Reply {
        if let denied = await requireAccess(request) { return denied }
        let tokens = await context.mediaTokens.tokens(generation: plan.mediaGeneration)
        return .json(TokensJSON(tokens: tokens.map {
            .init(bucket: $0.bucket, token: $0.token, expiresAt: ISO8601.format($0.expiresAt))
        }))
    }

    private func json(_ event: DemoEvent, base: String, liveEnd: Date?) -> EventJSON {
        let folder = "\(base)/media/\(event.bucket)/\(event.id)"
        let end = event.isLive ? liveEnd : event.endTime
        return EventJSON(
            id: event.id, cameraName: event.cameraName, title: event.title,
            startTime: ISO8601.format(event.startTime), endTime: end.map(ISO8601.format),
            bucket: event.bucket,
            videoUrl: "\(folder)/\(event.playlist)" + (event.videoUrlQuery.map { "?\($0)" } ?? ""),
            thumbnailUrl: "\(folder)/thumbnail.jpg"
        )
    }
}
