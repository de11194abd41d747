import DemoBackend
import EventsAPI
import Foundation
import Networking
import Testing

/// `cameraHealth()` against the demo over HTTP: Frigate's `/api/stats` read as each camera's
/// health (0 frames a second is offline; the capture and detection rates kept), with the
/// session's cookie; the events service reports none.
@Suite(.serialized) struct FrigateCameraHealthTests {
    @Test func frigatesStatsAreEachCamerasHealthAndZeroFramesIsOffline() async throws {
        let server = try await FrigateClientTests.start { $0.offlineCameras = ["driveway"] }
        defer { Task { await server.stop() } }
        let client = FrigateClientTests.client(server)
        try await client.signIn(user: DemoAccount.frigateUser, password: DemoAccount.frigatePassword)
        let health = try #require(try await client.cameraHealth())
        #expect(health.map(\.camera) == ["backyard", "driveway", "front_door", "garage", "side_gate"], "by id")
        let byID = Dictionary(uniqueKeysWithValues: health.map { ($0.camera, $0) })
        let garage = try #require(byID["garage"])
        #expect(garage.isOnline)
        #expect((4.85...5.15).contains(garage.captureFPS ?? 0), "\(String(describing: garage.captureFPS))")
        #expect(garage.detectionFPS != nil)
        #expect(garage.status == nil, "Frigate has no word for it beyond the rates")
        for id in ["driveway", "side_gate"] {
            #expect(byID[id]?.isOnline == false, "\(id) sends nothing")
            #expect(byID[id]?.captureFPS == 0)
        }
        let asked = await server.requestLog().filter { $0.path == "/api/stats" }
        #expect(asked.count == 1 && asked.allSatisfy { $0.status == 200 && ($0.headers["cookie"] ?? "").hasPrefix("frigate_token=") },
                "one request, with the session")
    }

    @Test func signedOutItAsksNothingAndSaysToSignIn() async throws {
        let server = try await FrigateClientTests.start()
        defer { Task { await server.stop() } }
        let client = FrigateClientTests.client(server)
        await #expect(throws: EventsAPIError.self) { _ = try await client.cameraHealth() }
        #expect(await server.requestLog().filter { $0.path == "/api/stats" }.isEmpty)
    }

    @Test func unauthenticatedFrigateAnswersWithoutASession() async throws {
        let server = try await FrigateClientTests.start { $0.requiresAuth = false }
        defer { Task { await server.stop() } }
        let client = FrigateClient(server: server.baseURL, pipeline: NetworkPipeline(), requiresSignIn: false)
        let health = try #require(try await client.cameraHealth())
        #expect(health.filter(\.isOnline).map(\.camera) == ["backyard", "driveway", "front_door", "garage"])
    }
}
