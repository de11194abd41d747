import DemoBackend
import EventsAPI
import Foundation
import Networking
import Testing

@Suite("Events pages, filters and tokens against the demo backend")
struct EventsTests {
    @Test func pagingThroughEveryEventVisitsEachOnceNewestFirst() async throws {
        try await withDemo { demo in
            var ids: [String] = []
            var starts: [Date] = []
            for try await event in demo.client.allEvents(pageSize: 173) {
                ids.append(event.id)
                starts.append(event.startTime)
            }
            #expect(ids.count >= 2000)
            #expect(Set(ids).count == ids.count)
            #expect(starts == starts.sorted(by: >))
            #expect(ids.contains("evt-endlist") && ids.contains("evt-live") && ids.contains("evt-no-token"))
        }
    }

    @Test func aPageHasTheRequestedSizeAndACursor() async throws {
        try await withDemo { demo in
            let first = try await demo.client.events(limit: 25)
            #expect(first.events.count == 25)
            let cursor = try #require(first.nextCursor)
            let second = try await demo.client.events(cursor: cursor, limit: 25)
            #expect(Set(first.events.map(\.id)).isDisjoint(with: second.events.map(\.id)))
            #expect(first.events.last!.startTime >= second.events.first!.startTime)
        }
    }

    @Test func cameraAndTimeFiltersNarrowTheList() async throws {
        try await withDemo { demo in
            var seen = 0
            for try await event in demo.client.allEvents(filter: EventFilter(camera: "Garage")) {
                #expect(event.cameraName == "Garage")
                seen += 1
            }
            #expect(seen > 0)
            let since = Date().addingTimeInterval(-2 * 86_400)
            let until = Date().addingTimeInterval(-86_400)
            let page = try await demo.client.events(limit: 500, filter: EventFilter(since: since, until: until))
            #expect(!page.events.isEmpty)
            for event in page.events {
                #expect(event.startTime >= since.addingTimeInterval(-1) && event.startTime < until.addingTimeInterval(1))
            }
        }
    }

    @Test func tokensCoverTheBucketsThatHaveThem() async throws {
        try await withDemo { demo in
            let tokens = try await demo.client.tokens()
            #expect(Set(tokens.map(\.bucket)) == ["7-days", "30-days", "180-days"])
            #expect(tokens.allSatisfy { $0.expiresAt > Date() && !$0.token.isEmpty })
        }
    }

    @Test func mediaNeedsTheTokenOfItsBucket() async throws {
        try await withDemo { demo in
            let tokens = Dictionary(uniqueKeysWithValues: try await demo.client.tokens().map { ($0.bucket, $0.token) })
            let page = try await demo.client.events(limit: 500)
            let event = try #require(page.events.first { $0.id == "evt-endlist" })
            let pipeline = NetworkPipeline()
            let bare = try #require(URLComponents(url: event.videoUrl, resolvingAgainstBaseURL: false))
            func status(query token: String?, header: String?) async -> Int {
                var components = bare
                if let token { components.queryItems = [URLQueryItem(name: "Authorization", value: token)] }
                var request = HTTPRequest(kind: .manifestHlsMaster, url: components.url!)
                if let header { request.headers["Authorization"] = header }
                do { return try await pipeline.send(request).status } catch let error as NetworkError {
                    return error.status ?? -1
                } catch { return -2 }
            }
            let right = try #require(tokens[event.bucket])
            let wrong = try #require(tokens.first { $0.key != event.bucket }?.value)
            #expect(await status(query: right, header: nil) == 200)
            #expect(await status(query: nil, header: right) == 200)
            #expect(await status(query: nil, header: nil) == 401)
            #expect(await status(query: wrong, header: nil) == 403)
        }
    }

    @Test func mediaTokenCacheFetchesOnceUntilAskedToRefresh() async throws {
        try await withDemo { demo in
            let cache = MediaTokenCache(backend: demo.client)
            let first = try await cache.tokens()
            let second = try await cache.tokens()
            #expect(first == second)
            await demo.server.faults.expireMediaTokens()
            let third = try await cache.tokens(refresh: true)
            #expect(third != first)
            let fetches = await demo.server.requestLog().filter { $0.path == "/v1/events/tokens" }
            #expect(fetches.count == 2)
        }
    }

    @Test func malformedJSONIsNotUnderstoodAndNamesWhat() async throws {
        try await withDemo { demo in
            await demo.server.faults.malformedJSON(pathPrefix: "/v1/events", times: 1)
            let error = await #expect(throws: EventsAPIError.self) { try await demo.client.events() }
            #expect(error?.code == .notUnderstood)
            #expect(error?.message.contains("events page") == true)
        }
    }

    @Test func aBurstOf503HealsThroughRetries() async throws {
        try await withDemo { demo in
            await demo.server.faults.failNext(2, status: 503, retryAfter: nil, pathPrefix: "/v1/events")
            let page = try await demo.client.events(limit: 3)
            #expect(page.events.count == 3)
        }
    }

    @Test func aServerErrorThatDoesNotHealShowsStatusAndMessage() async throws {
        try await withDemo { demo in
            await demo.server.faults.failNext(20, status: 503, retryAfter: nil, pathPrefix: "/v1/events/tokens")
            let error = await #expect(throws: EventsAPIError.self) { try await demo.client.tokens() }
            #expect(error?.code == .serverError)
            #expect(error?.message.contains("503") == true)
        }
    }
}
