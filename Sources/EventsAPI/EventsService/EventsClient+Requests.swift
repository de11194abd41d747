import Foundation
import Networking

extension EventsClient {
    /// One page of events, newest first. The camera and times are the service's filters; the rest
    /// of `filter` it has no notion of, but a search text (``EventFilter/search``) is matched on the
    /// page (``EventFilter/admits(_:)``, its titles and cameras).
    ///
    /// - Parameters:
    ///   - cursor: `nextCursor` of the previous page; nil for the first.
    ///   - limit: events per page (the server caps it).
    public func events(cursor: String? = nil, limit: Int = 50, filter: EventFilter = .init()) async throws -> EventsPage {
        var components = URLComponents(url: endpoint("v1/events"), resolvingAgainstBaseURL: false)!
        var items = [URLQueryItem(name: "limit", value: String(limit))]
        if let cursor { items.append(URLQueryItem(name: "cursor", value: cursor)) }
        if let camera = filter.camera { items.append(URLQueryItem(name: "camera", value: camera)) }
        if let since = filter.since { items.append(URLQueryItem(name: "since", value: APIDecoding.formatDate(since))) }
        if let until = filter.until { items.append(URLQueryItem(name: "until", value: APIDecoding.formatDate(until))) }
        components.queryItems = items
        let url = components.url!
        let data = try await authorized(kind: .apiEvents, url: url)
        let body = try APIDecoding.decode(EventsPageBody.self, from: data, what: "events page")
        var events: [Event] = []
        var skipped = 0
        for (index, element) in body.events.enumerated() {
            switch element.result {
            case .success(let event): events.append(event)
            case .failure(let error):
                skipped += 1
                let field = APIDecoding.fieldPath(of: error) ?? "?"
                logger.warning("skipped malformed event", metadata: ["index": "\(index)", "field": "\(field)"])
            }
        }
        // The service filters by camera and time only: a search text is matched here (titles, cameras).
        return EventsPage(events: events.filter(filter.admits), nextCursor: body.nextCursor, skipped: skipped)
    }

    /// The media tokens, one per bucket.
    public func tokens() async throws -> [MediaToken] {
        let data = try await authorized(kind: .apiTokens, url: endpoint("v1/events/tokens"))
        return try APIDecoding.decode(TokensBody.self, from: data, what: "tokens").tokens
    }

    /// GETs `url` with the bearer token: refreshes first when the token has expired, and on a
    /// 401 refreshes once and retries once.
    func authorized(kind: HTTPRequestKind, url: URL) async throws -> Data {
        guard var current = session else { throw EventsAPIError.signInRequired }
        if current.needsRefresh(at: now()) { current = try await refresh() }
        do {
            return try await get(kind: kind, url: url, token: current.accessToken)
        } catch let error as NetworkError where error.status == 401 {
            // Another call may have refreshed while this one was in flight: use its token, do not
            // spend the (rotating) refresh token a second time.
            let renewed: Session
            if let newer = session, newer.accessToken != current.accessToken {
                renewed = newer
            } else {
                logger.info("access token refused; refreshing once")
                renewed = try await refresh()
            }
            do {
                return try await get(kind: kind, url: url, token: renewed.accessToken)
            } catch let error as NetworkError where error.status == 401 {
                throw EventsAPIError.sessionExpired
            }
        }
    }

    private func get(kind: HTTPRequestKind, url: URL, token: String) async throws -> Data {
        let request = HTTPRequest(kind: kind, url: url,
                                  headers: [("Authorization", "Bearer \(token)"), ("Accept", "application/json")])
        do {
            return try await pipeline.send(request).body
        } catch let error as NetworkError where error.status == 401 {
            throw error
        } catch {
            throw translate(error)
        }
    }

    /// Maps a pipeline failure onto what the user should know.
    nonisolated func translate(_ error: any Error) -> any Error {
        EventsAPIError.translating(error, server: server, logger: logger) { error, status in
            let message = error.response.flatMap { APIErrorBody.message(in: $0.body) }
            return status >= 500 ? EventsAPIError.serverError(status, message)
                : EventsAPIError.rejected(status, message, path: error.request.url.path)
        }
    }
}
