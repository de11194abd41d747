import DemoBackend
@testable import EventsAPI
import Foundation
import Networking
import Testing

/// `live(camera:quality:)`: Frigate's MJPEG feed as an event (the URL with fps and height, no end,
/// `.liveFeed`, authorised as its other media); the events service's event in progress of the
/// camera, else nil.
@Suite struct LiveTests {
    @Test func frigatesFeedIsAnEventWithFPSAndHeight() {
        let server = URL(string: "https://nvr.example:8971/")!
        let event = FrigateClient.liveEvent(server: server, camera: "front_door", name: "Front Door",
                                            quality: LiveQuality(height: 240, fps: 2), authorization: .bearer, now: Date())
        #expect(event.videoUrl.absoluteString == "https://nvr.example:8971/api/front_door?fps=2&height=240&h=240")
        #expect(event.videoFormat == .liveFeed && event.endTime == nil)
        #expect(event.authorization == .bearer && event.camera == "front_door" && event.cameraName == "Front Door")
        let open = FrigateClient.liveEvent(server: server, camera: "yard", name: "yard", quality: LiveQuality(height: 0, fps: 0),
                                           authorization: .none, now: Date())
        #expect(open.videoUrl.query == "fps=1&height=1&h=1" && open.authorization == .none)
    }

    @Test func frigateAgainstTheDemoAnswersItsCameraFeed() async throws {
        var configuration = DemoConfiguration()
        configuration.flavor = .frigate
        let server = try await DemoServer.start(configuration)
        defer { Task { await server.stop() } }
        let client = FrigateClient(server: server.baseURL, pipeline: NetworkPipeline())
        try await client.signIn(user: DemoAccount.frigateUser, password: DemoAccount.frigatePassword)
        let event = try #require(try await client.live(camera: "front_door", quality: LiveQuality(height: 180, fps: 3)))
        #expect(event.videoUrl.path == "/api/front_door" && event.authorization == .bearer && event.videoFormat == .liveFeed)
        #expect(event.cameraName != "front_door" || event.camera == "front_door")
        await #expect(throws: (any Error).self) { _ = try await client.live(camera: "attic", quality: LiveQuality(height: 180, fps: 3)) }
    }

    @Test func theEventsServiceAnswersTheCamerasEventInProgress() async throws {
        try await withDemo { demo in
            let all = try await demo.client.events(limit: 200)
            let liveOne = try #require(all.events.first { $0.id == "evt-live" })
            let event = try #require(try await demo.client.live(camera: liveOne.cameraName, quality: LiveQuality(height: 360, fps: 5)))
            #expect(event.cameraName == liveOne.cameraName && event.isLive(at: Date()))
            #expect(try await demo.client.live(camera: "No Such Camera", quality: LiveQuality(height: 360, fps: 5)) == nil)
            for camera in Set(all.events.map(\.cameraName)) where camera != liveOne.cameraName {
                if let other = try await demo.client.live(camera: camera, quality: LiveQuality(height: 360, fps: 5)) {
                    #expect(other.cameraName == camera && other.isLive(at: Date()))
                }
            }
        }
    }
}
