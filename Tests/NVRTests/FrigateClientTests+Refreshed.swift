import DemoBackend
import EventsAPI
import Foundation
import Networking
import SystemSupport
import Testing

/// `refreshed`: an item in progress as Frigate has it now (`GET /api/review/<id>`, past nginx's
/// cache), its vod clip up to a later now, whose playlist has more video once more was recorded;
/// an item Frigate no longer has is an error that says so.
extension FrigateClientTests {
    /// Seconds of video in a vod playlist (`#EXTINF` summed), fetched with the session's bearer header.
    static func seconds(of event: Event, token: String) async throws -> Double {
        let pipeline = NetworkPipeline(configuration: NetworkConfiguration(retry: RetryPolicy(maxRetries: 0)))
        let response = try await pipeline.send(HTTPRequest(kind: .manifestHlsVariant, method: "GET", url: event.videoUrl,
                                                           headers: [("Authorization", "Bearer \(token)")]))
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(text.contains("#EXT-X-ENDLIST"), "nginx-vod's playlist is a closed clip")
        var seconds = 0.0
        for line in text.split(separator: "\n") where line.hasPrefix("#EXTINF:") {
            seconds += Double(line.dropFirst(8).prefix { $0 != "," }) ?? 0
        }
        return seconds
    }

    @Test func anItemInProgressIsAskedForAgainAndItsNewClipReachesFurther() async throws {
        let server = try await Self.start()
        defer { Task { await server.stop() } }
        let client = Self.client(server)
        let session = try await client.signIn(user: DemoAccount.frigateUser, password: DemoAccount.frigatePassword)
        let page = try await client.events(cursor: nil, limit: 5, filter: EventFilter())
        let item = try #require(page.events.first { $0.endTime == nil }, "the demo's item in progress")
        #expect(item.inProgressMedia == .clipUntilAsked && item.isCutWhileInProgress)
        let first = try await Self.seconds(of: item, token: session.accessToken)

        // Until the demo recorded another 10 s segment (at most about 10 s of real time).
        await server.clearRequestLog()
        let deadline = Date().addingTimeInterval(25)
        var renewed = item
        var seconds = first
        while seconds <= first, Date() < deadline {
            try await Task.sleep(for: .seconds(1))
            renewed = try await client.refreshed(item)
            seconds = try await Self.seconds(of: renewed, token: session.accessToken)
        }
        #expect(seconds > first, "the renewed clip has more video: \(first) s, then \(seconds) s")
        #expect(renewed.id == item.id && renewed.endTime == nil && renewed.isCutWhileInProgress)
        #expect(renewed.startTime == item.startTime && renewed.cameraName == item.cameraName && renewed.serverReviewed == item.serverReviewed)
        let end = { (event: Event) in Int(event.videoUrl.deletingLastPathComponent().lastPathComponent) ?? 0 }
        #expect(end(renewed) > end(item), "the clip ends at a later now: \(item.videoUrl.path) then \(renewed.videoUrl.path)")
        let asked = await server.requestLog().filter { $0.path == "/api/review/\(item.id)" }
        #expect(!asked.isEmpty && asked.allSatisfy { $0.status == 200 && $0.headers["x-cache-bypass"] == "1" },
                "GET /api/review/<id>, past nginx's 5 s cache")
    }

    @Test func anItemFrigateNoLongerHasIsAnErrorThatSaysSo() async throws {
        let server = try await Self.start()
        defer { Task { await server.stop() } }
        let client = Self.client(server)
        try await client.signIn(user: DemoAccount.frigateUser, password: DemoAccount.frigatePassword)
        var gone = try #require(try await client.events(cursor: nil, limit: 1, filter: EventFilter()).events.first)
        gone.id = "1700000000.000000-gone00"
        do {
            _ = try await client.refreshed(gone)
            Issue.record("an unknown item was answered")
        } catch let error as EventsAPIError {
            #expect(error.code == .eventGone)
            #expect(error.message == "Frigate no longer has review item \"1700000000.000000-gone00\" (HTTP 404): it was deleted, or is past its retention")
        }
        let asked = await server.requestLog().filter { $0.path == "/api/review/1700000000.000000-gone00" }
        #expect(asked.map(\.status) == [404])
    }

    @Test func aRecordingIsAFixedSpanAndComesBackAsItIs() async throws {
        let server = try await Self.start()
        defer { Task { await server.stop() } }
        let client = Self.client(server)
        try await client.signIn(user: DemoAccount.frigateUser, password: DemoAccount.frigatePassword)
        let now = Date()
        let recording = try #require(try await client.recording(camera: "front_door", in: now.addingTimeInterval(-600)..<now.addingTimeInterval(-300)))
        await server.clearRequestLog()
        #expect(try await client.refreshed(recording) == recording)
        #expect(await server.requestLog().isEmpty, "nothing asked")
    }
}
