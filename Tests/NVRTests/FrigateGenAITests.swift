import DemoBackend
import EventsAPI
import Foundation
import Networking
import SystemSupport
import Testing

/// Issue 43's Frigate part against the demo's Frigate flavour over HTTP: the GenAI title and
/// description mapped, one search over every page of the range (a scene word, a plate only a
/// tracked object carries), a face filtered, an item retained on the server and let go (and a
/// viewer refused in Frigate's words), semantic search asked only where the config turns it on,
/// and the detail view's tracked objects.
@Suite(.serialized) struct FrigateGenAITests {
    static func start(_ configure: (inout FrigateDemoOptions) -> Void = { _ in }) async throws -> DemoServer {
        var configuration = DemoConfiguration()
        configuration.flavor = .frigate
        configure(&configuration.frigate)
        return try await DemoServer.start(configuration)
    }

    static func client(_ server: DemoServer, user: String = DemoAccount.frigateUser,
                       password: String = DemoAccount.frigatePassword) async throws -> FrigateClient {
        let client = FrigateClient(server: server.baseURL,
                                   pipeline: NetworkPipeline(configuration: NetworkConfiguration(retry: RetryPolicy(maxRetries: 0))))
        try await client.signIn(user: user, password: password)
        return client
    }

    /// The whole demo history (3 days) and a search text.
    static func searching(_ text: String?) -> EventFilter {
        var filter = EventFilter(since: Date().addingTimeInterval(-4 * 86_400))
        filter.search = text
        return filter
    }

    @Test func theGenAITitleIsTheEventsTitleAndItsSceneIsSearched() async throws {
        let server = try await Self.start()
        defer { Task { await server.stop() } }
        let client = try await Self.client(server)
        // "cardboard" is in the parcel item's scene only, not in any title.
        let found = try await EventSearch.run(client, filter: Self.searching("CardBoard"))
        #expect(found.answeredBy == .text && !found.cut)
        let parcel = try #require(found.events.first { $0.cameraID == "front_door" }, "\(found.events.map(\.title))")
        #expect(parcel.title == "Courier leaves a parcel at the porch")
        #expect(parcel.description?.title == parcel.title)
        #expect(parcel.description?.scene?.contains("cardboard box") == true)
        #expect(parcel.description?.threatLevel == 0 && parcel.description?.confidence == 0.86)
        #expect(found.searched > 200, "every page of the range was read: \(found.searched)")
        // Pages of 200 items name more objects than one request line should carry: at most 150 ids each.
        let asked = await server.requestLog().filter { $0.path == "/api/event_ids" }
        let counts = asked.map { ($0.query?.removingPercentEncoding ?? "").split(separator: ",").count }
        #expect(counts.allSatisfy { $0 <= 150 } && counts.contains(150), "\(counts)")
        // An item without metadata keeps the title made of its objects and zones.
        let first = try await client.events(cursor: nil, limit: 5, filter: EventFilter())
        #expect(first.events.allSatisfy { $0.description == nil && ($0.title ?? "").hasPrefix($0.bucket) })
    }

    @Test func aPlateIsFoundThroughItsTrackedObjectAcrossPages() async throws {
        let server = try await Self.start()
        defer { Task { await server.stop() } }
        let client = try await Self.client(server)
        let found = try await EventSearch.run(client, filter: Self.searching("evt 4242"), pageSize: 50)
        #expect(found.events.count == 1, "\(found.events.map(\.id))")
        #expect(found.events.first?.plates == ["EVT 4242"])
        #expect(found.searched > 50, "found past the first page: \(found.searched) read")
        // The plate filter compares ignoring case, spaces and dashes.
        var byPlate = Self.searching(nil)
        byPlate.plate = "evt-4242"
        #expect(try await EventSearch.run(client, filter: byPlate, pageSize: 50).events.map(\.id) == found.events.map(\.id))
        // The plates come from the tracked objects: one /api/event_ids per page.
        let log = await server.requestLog()
        #expect(log.contains { $0.path == "/api/event_ids" })
        #expect(log.filter { $0.path == "/api/event_ids" }.count <= log.filter { $0.path == "/api/review" }.count)
        // A page cap cuts the range, and says so.
        let cut = try await EventSearch.run(client, filter: Self.searching("evt 4242"), pageSize: 20, maxPages: 2)
        #expect(cut.cut && cut.events.isEmpty && cut.searched <= 40)
    }

    @Test func aFaceFilters() async throws {
        let server = try await Self.start()
        defer { Task { await server.stop() } }
        let client = try await Self.client(server)
        var filter = Self.searching(nil)
        filter.subLabel = "alice"
        let found = try await EventSearch.run(client, filter: filter)
        #expect(!found.events.isEmpty)
        #expect(found.events.allSatisfy { $0.subLabels?.contains("Alice") == true }, "\(found.events.map(\.subLabels))")
        let everyone = try await EventSearch.run(client, filter: Self.searching(nil))
        #expect(found.events.count < everyone.events.count)
        let values = try await client.filterValues(cameras: nil)
        #expect(values.subLabels.contains("Alice") && values.plates.contains("EVT 4242"), "\(values.subLabels) \(values.plates)")
    }

    @Test func anItemIsRetainedOnTheServerAndLetGo() async throws {
        let server = try await Self.start()
        defer { Task { await server.stop() } }
        let client = try await Self.client(server)
        #expect(client.keepName == "retain")
        let page = try await client.events(cursor: nil, limit: 20, filter: EventFilter())
        let item = try #require(page.events.first { $0.endTime != nil })
        #expect(item.kept == false)
        try await client.setKept([item.id], kept: true)
        var kept = Self.searching(nil)
        kept.kept = true
        let listed = try await client.events(cursor: nil, limit: 20, filter: EventFilter())
        #expect(listed.events.first { $0.id == item.id }?.kept == true)
        #expect(try await EventSearch.run(client, filter: kept).events.map(\.id) == [item.id])
        let posts = await server.requestLog().filter { $0.method == "POST" && $0.path.hasSuffix("/retain") }
        #expect(!posts.isEmpty && posts.allSatisfy { $0.path.hasPrefix("/api/events/") })

        try await client.setKept([item.id], kept: false)
        let again = try await client.events(cursor: nil, limit: 20, filter: EventFilter())
        #expect(again.events.first { $0.id == item.id }?.kept == false)
        #expect(try await EventSearch.run(client, filter: kept).events.isEmpty)
    }

    @Test func aViewerIsRefusedInFrigatesWords() async throws {
        let server = try await Self.start()
        defer { Task { await server.stop() } }
        let viewer = try await Self.client(server, user: DemoAccount.frigateViewer, password: DemoAccount.frigateViewerPassword)
        let item = try #require(try await viewer.events(cursor: nil, limit: 20, filter: EventFilter()).events.first { $0.endTime != nil })
        do {
            try await viewer.setKept([item.id], kept: true)
            Issue.record("a viewer retained an item")
        } catch let error as EventsAPIError {
            #expect(error.code == .rejected)
            #expect(error.message.contains("Role viewer not authorized. Required: admin"), "\(error.message)")
            #expect(error.message.contains("sign in as one"), "\(error.message)")
        }
        let admin = try await Self.client(server)
        #expect(try await admin.events(cursor: nil, limit: 20, filter: EventFilter()).events.first { $0.id == item.id }?.kept == false)
    }

    @Test func semanticSearchIsAskedOnlyWhereTheConfigTurnsItOn() async throws {
        let off = try await Self.start()
        defer { Task { await off.stop() } }
        let plain = try await Self.client(off)
        #expect(try await plain.offersSemanticSearch() == false)
        let text = try await EventSearch.run(plain, filter: Self.searching("cardboard"), semantic: true)
        #expect(text.answeredBy == .text && text.notice != nil && text.events.count == 1)
        #expect(await off.requestLog().contains { $0.path == "/api/events/search" } == false, "never asked when off")

        let on = try await Self.start { $0.semanticSearch = true }
        defer { Task { await on.stop() } }
        let semantic = try await Self.client(on)
        #expect(try await semantic.offersSemanticSearch())
        let found = try await EventSearch.run(semantic, filter: Self.searching("courier"), semantic: true)
        #expect(found.answeredBy == .semantic && found.notice == nil)
        #expect(found.events.map(\.title) == ["Courier leaves a parcel at the porch"])
        let asked = try #require(await on.requestLog().first { $0.path == "/api/events/search" })
        #expect(asked.query?.removingPercentEncoding?.contains("search_type=description,thumbnail") == true, "\(asked.query ?? "")")
        // Without --semantic the text search answers there too.
        #expect(try await EventSearch.run(semantic, filter: Self.searching("cardboard")).answeredBy == .text)
    }

    @Test func theDetailsListTheTrackedObjectsAndTheGenAIFields() async throws {
        let server = try await Self.start()
        defer { Task { await server.stop() } }
        let client = try await Self.client(server)
        let parcel = try #require(try await EventSearch.run(client, filter: Self.searching("cardboard")).events.first)
        let details = try await client.details(of: parcel)
        #expect(details.event.id == parcel.id && details.event.description == parcel.description)
        let person = try #require(details.objects.first { $0.label == "person" }, "\(details.objects)")
        #expect(person.score.map { $0 > 0.5 } == true)
        #expect(person.description?.contains("courier") == true)
        #expect(details.fields.map(\.name) == ["Observations"], "the rest is the event's description: \(details.fields.map(\.name))")
        #expect(details.event.description?.threatLevel == 0 && EventDescription.threatText(0) == "0 (normal)")
    }
}
