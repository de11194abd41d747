import DemoBackend
import EventsAPI
import Foundation
import Networking
import SystemSupport
import Testing

/// The Frigate backend against the demo's Frigate flavour over HTTP: the session renewed by
/// Frigate's cookie near its end and kept, an expired one refused as a sign-in to do, nginx's cache
/// skipped on a first page and just after a write only, reviewed marks per user on 0.16 and 0.17.
@Suite(.serialized) struct FrigateClientTests {
    /// Sessions the client reported (sign-in, renewal, expiry).
    final class Sessions: Sendable {
        let all = Locked<[Session?]>([])
    }

    static func start(_ configure: (inout FrigateDemoOptions) -> Void = { _ in }) async throws -> DemoServer {
        var configuration = DemoConfiguration()
        configuration.flavor = .frigate
        configure(&configuration.frigate)
        return try await DemoServer.start(configuration)
    }

    static func client(_ server: DemoServer, sessions: Sessions = Sessions()) -> FrigateClient {
        FrigateClient(server: server.baseURL, pipeline: NetworkPipeline(configuration: NetworkConfiguration(retry: RetryPolicy(maxRetries: 0))),
                      sessionDidChange: { session in sessions.all.withLock { $0.append(session) } })
    }

    @Test func aSessionNearItsEndIsRenewedByTheCookieAndKept() async throws {
        // The whole session is within the refresh time: Frigate renews it on the first cookie request.
        let server = try await Self.start { $0.sessionLength = 120; $0.refreshTime = 120 }
        defer { Task { await server.stop() } }
        let sessions = Sessions()
        let client = Self.client(server, sessions: sessions)
        let first = try await client.signIn(user: DemoAccount.frigateUser, password: DemoAccount.frigatePassword)
        #expect(first.backend == .frigate && first.user.name == "admin")
        try await Task.sleep(for: .seconds(1.1))   // a JWT's exp is in whole seconds: the renewed one differs
        _ = try await client.events(cursor: nil, limit: 5, filter: EventFilter())
        let renewed = try #require(await client.session)
        #expect(renewed.accessToken != first.accessToken, "the renewed cookie is the session now")
        #expect(renewed.expiresAt > first.expiresAt)
        // Every renewal is kept (saved) as it comes: with the whole session inside refresh_time each
        // cookie request renews it (events() makes two: the config, the page).
        let kept = sessions.all.value.compactMap { $0?.accessToken }
        #expect(kept.first == first.accessToken && kept.last == renewed.accessToken && kept.count >= 2, "\(kept.count) sessions kept")
        let requests = await server.requestLog().filter { $0.path == "/api/review" }
        #expect(requests.allSatisfy { ($0.headers["cookie"] ?? "").hasPrefix("frigate_token=") && $0.headers["authorization"] == nil },
                "API requests carry the cookie, so that Frigate renews it")
        #expect(requests.allSatisfy { $0.headers["origin"] == nil }, "never an Origin header")
    }

    @Test func anExpiredSessionIsASignInToDo() async throws {
        let server = try await Self.start { $0.sessionLength = 2; $0.refreshTime = 0 }
        defer { Task { await server.stop() } }
        let sessions = Sessions()
        let client = Self.client(server, sessions: sessions)
        try await client.signIn(user: DemoAccount.frigateUser, password: DemoAccount.frigatePassword)
        try await Task.sleep(for: .seconds(2.5))
        await #expect(throws: EventsAPIError.self) { _ = try await client.events(cursor: nil, limit: 5, filter: EventFilter()) }
        do { _ = try await client.events(cursor: nil, limit: 5, filter: EventFilter()) } catch let error as EventsAPIError {
            #expect(error.needsSignIn, "\(error)")
        }
        #expect(await client.session == nil)
        #expect(sessions.all.value.last == .some(nil), "the stored session is forgotten")
    }

    @Test func nginxsCacheIsSkippedOnAFirstPageAndJustAfterAWrite() async throws {
        let server = try await Self.start()
        defer { Task { await server.stop() } }
        let client = Self.client(server)
        try await client.signIn(user: DemoAccount.frigateUser, password: DemoAccount.frigatePassword)
        let first = try await client.events(cursor: nil, limit: 5, filter: EventFilter())
        let cursor = try #require(first.nextCursor)
        _ = try await client.events(cursor: cursor, limit: 5, filter: EventFilter())
        var reviews = await server.requestLog().filter { $0.path == "/api/review" }
        #expect(reviews.map { $0.headers["x-cache-bypass"] } == ["1", nil], "a first page skips the cache, the next does not")
        // Marked, then listed again at once: the bypass shows the mark (nginx would serve the cached page).
        let id = try #require(first.events.first?.id)
        try await client.setReviewed([id], reviewed: true)
        let again = try await client.events(cursor: cursor, limit: 5, filter: EventFilter())
        _ = again
        reviews = await server.requestLog().filter { $0.path == "/api/review" }
        #expect(reviews.last?.headers["x-cache-bypass"] == "1", "within 5 s of a write")
        let marked = try await client.events(cursor: nil, limit: 5, filter: EventFilter())
        #expect(marked.events.first { $0.id == id }?.serverReviewed == true)
    }

    @Test(arguments: ["0.16.2-4d58206", "0.17.0-2b4a7e1"])
    func unmarkingWorksOnBothAPIs(version: String) async throws {
        let server = try await Self.start { $0.version = version }
        defer { Task { await server.stop() } }
        let client = Self.client(server)
        try await client.signIn(user: DemoAccount.frigateUser, password: DemoAccount.frigatePassword)
        let id = try #require(try await client.events(cursor: nil, limit: 5, filter: EventFilter()).events.first?.id)
        try await client.setReviewed([id], reviewed: true)
        #expect(try await client.events(cursor: nil, limit: 5, filter: EventFilter()).events.first { $0.id == id }?.serverReviewed == true)
        try await client.setReviewed([id], reviewed: false)
        #expect(try await client.events(cursor: nil, limit: 5, filter: EventFilter()).events.first { $0.id == id }?.serverReviewed == false)
        let deletes = await server.requestLog().filter { $0.method == "DELETE" }
        #expect(deletes.isEmpty == version.hasPrefix("0.17"), "0.16 un-marks with DELETE, 0.17 with the body")
        // Marks are per user: the viewer has none of the admin's.
        let viewer = Self.client(server)
        try await viewer.signIn(user: DemoAccount.frigateViewer, password: DemoAccount.frigateViewerPassword)
        try await client.setReviewed([id], reviewed: true)
        #expect(try await viewer.events(cursor: nil, limit: 5, filter: EventFilter()).events.first { $0.id == id }?.serverReviewed == false)
    }

    /// The first page asks for the review items beside the config (the cameras' names), not after
    /// it: one round trip less before the list shows. The camera list asked for meanwhile (the
    /// TUI asks for both at start) waits for that same config rather than asking again.
    @Test func theFirstPageAsksBesideTheConfigAndTheConfigIsAskedOnce() async throws {
        let server = try await Self.start()
        defer { Task { await server.stop() } }
        let client = Self.client(server)
        try await client.signIn(user: DemoAccount.frigateUser, password: DemoAccount.frigatePassword)
        let held = 1.5
        await server.faults.delay(seconds: held, pathPrefix: "/api/config")
        async let page = client.events(cursor: nil, limit: 5, filter: EventFilter())
        async let cameras = client.cameras()
        let (events, names) = try await (page, cameras)
        #expect(!events.events.isEmpty && !names.isEmpty)
        #expect(events.events.allSatisfy { event in names.contains { $0.name == event.cameraName } }, "the rows carry the cameras' names")
        let log = await server.requestLog()
        let configs = log.filter { $0.path == "/api/config" }
        let config = try #require(configs.first)
        #expect(configs.count == 1, "one config for the page and the camera list: \(configs.map(\.description))")
        let review = try #require(log.first { $0.path == "/api/review" })
        #expect(review.date < config.date.addingTimeInterval(held), "the review items were asked while the config was held")
        // A camera named: its id must be known before asking, so the page waits for the config (cached now).
        let named = try await client.events(cursor: nil, limit: 5, filter: EventFilter(camera: names[0].name))
        #expect(named.events.allSatisfy { $0.cameraName == names[0].name })
    }

    /// A page with more tracked objects than one `GET /api/event_ids` asks for (150) asks for
    /// them in several requests side by side, not one after the other.
    @Test func aLongPagesTrackedObjectsAreAskedSideBySide() async throws {
        let server = try await Self.start()
        defer { Task { await server.stop() } }
        let client = Self.client(server)
        try await client.signIn(user: DemoAccount.frigateUser, password: DemoAccount.frigatePassword)
        let held = 1.5
        await server.faults.delay(seconds: held, pathPrefix: "/api/event_ids")
        let page = try await client.events(cursor: nil, limit: 400, filter: EventFilter())
        #expect(page.events.count > 100)
        let asked = await server.requestLog().filter { $0.path == "/api/event_ids" }
        try #require(asked.count >= 2, "the demo's page names more than 150 objects: \(asked.count) request(s)")
        let first = try #require(asked.map(\.date).min()), last = try #require(asked.map(\.date).max())
        #expect(last < first.addingTimeInterval(held), "each asked while the others were held: \(asked.map(\.date))")
    }
}
