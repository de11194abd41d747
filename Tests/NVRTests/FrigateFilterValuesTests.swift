import DemoBackend
import EventsAPI
import Foundation
import Networking
import Testing

/// The labels and zones the Frigate backend offers to filter by, against the demo's Frigate
/// flavour over HTTP: labels from `GET /api/labels` (with `camera=` for the cameras asked for),
/// zones from the config's cameras, and a label or zone from them filters the review items.
@Suite(.serialized) struct FrigateFilterValuesTests {
    /// What the demo's cameras track (its config's `objects.track`) and their zones.
    static let tracked: [String: [String]] = ["backyard": ["person", "dog", "cat", "bird"], "driveway": ["car", "person", "bicycle"],
                                              "front_door": ["person", "package", "dog", "cat"], "garage": ["person", "car"],
                                              "side_gate": ["person"]]

    static func signedIn() async throws -> (DemoServer, FrigateClient) {
        let server = try await FrigateClientTests.start()
        let client = FrigateClientTests.client(server)
        try await client.signIn(user: DemoAccount.frigateUser, password: DemoAccount.frigatePassword)
        return (server, client)
    }

    @Test func everyCamerasLabelsAndZones() async throws {
        let (server, client) = try await Self.signedIn()
        defer { Task { await server.stop() } }
        let values = try await client.filterValues(cameras: nil)
        #expect(values.zones == ["driveway_entrance", "gate", "lawn", "patio", "porch", "street", "walkway"])
        #expect(values.labels == values.labels.sorted() && Set(values.labels).count == values.labels.count, "sorted, once each")
        #expect(Set(values.labels).isSubset(of: Set(Self.tracked.values.joined())), "\(values.labels)")
        #expect(Set(["person", "car"]).isSubset(of: Set(values.labels)), "\(values.labels)")
        let asked = await server.requestLog().filter { $0.path == "/api/labels" }
        #expect(asked.count == 1 && asked.first?.query == nil && asked.first?.status == 200)
    }

    @Test func oneCameraOrAGroupByTheNamesShown() async throws {
        let (server, client) = try await Self.signedIn()
        defer { Task { await server.stop() } }
        // "Front Door" is front_door's friendly name, as the list shows it.
        let door = try await client.filterValues(cameras: ["Front Door"])
        #expect(door.zones == ["porch", "walkway"])
        #expect(door.labels.contains("person") && Set(door.labels).isSubset(of: Set(Self.tracked["front_door"]!)), "\(door.labels)")
        let group = try await client.filterValues(cameras: ["front_door", "driveway"])
        #expect(group.zones == ["driveway_entrance", "porch", "street", "walkway"])
        #expect(Set(door.labels).isSubset(of: Set(group.labels)) && group.labels.contains("car"), "\(group.labels)")
        #expect(group.labels == group.labels.sorted())
        let queries = await server.requestLog().filter { $0.path == "/api/labels" }.map(\.query)
        #expect(queries == ["camera=front_door", "camera=front_door", "camera=driveway"])
        // A camera Frigate does not have is refused before any request, naming those it has.
        await #expect(throws: EventsAPIError.self) { _ = try await client.filterValues(cameras: ["attic"]) }
        #expect(await server.requestLog().filter { $0.path == "/api/labels" }.count == 3)
    }

    @Test func aLabelOrZoneOfferedFiltersTheReviewItems() async throws {
        let (server, client) = try await Self.signedIn()
        defer { Task { await server.stop() } }
        let values = try await client.filterValues(cameras: nil)
        let label = try #require(values.labels.first { $0 == "car" })
        let cars = try await client.events(cursor: nil, limit: 40, filter: EventFilter(labels: [label]))
        #expect(!cars.events.isEmpty)
        #expect(cars.events.allSatisfy { $0.labels?.contains("car") == true }, "\(cars.events.map { $0.labels ?? [] })")
        let zone = try #require(values.zones.first { $0 == "porch" })
        let porch = try await client.events(cursor: nil, limit: 40, filter: EventFilter(zones: [zone]))
        #expect(!porch.events.isEmpty)
        #expect(porch.events.allSatisfy { $0.zones?.contains("porch") == true && $0.cameraName == "Front Door" })
        let review = await server.requestLog().filter { $0.path == "/api/review" }.compactMap(\.query)
        #expect(review.contains { $0.contains("labels=car") } && review.contains { $0.contains("zones=porch") })
    }
}
