import Foundation
import Networking
import SystemSupport
import Testing
@testable import EventsAPI

/// What the first page costs a ZoneMinder list: the monitors and the server's time zone asked side
/// by side, then the events (two round trips, not three), and the monitors asked once when the
/// camera list wants them at the same moment (the TUI asks for both at start). Served from the
/// real server's answers (scripts/zoneminder/fixtures).
@Suite struct ZoneMinderStartTests {
    /// Answers ZoneMinder's API paths with the fixtures and writes down, in order, what was asked
    /// and when the monitors were answered. The monitors are held until the time zone has been
    /// asked, for at most 2 s (asked one after the other, it never is before they are answered).
    final class FixtureServer: HTTPTransport, Sendable {
        let seen = Locked<[String]>([])

        func execute(_ request: HTTPRequest, timeout: Double) async throws -> HTTPResponse {
            let path = request.url.path
            seen.withLock { $0.append("asked \(path)") }
            let fixture: String
            if path.hasSuffix("/api/monitors.json") {
                for _ in 0..<200 where !seen.withLock({ $0.contains { $0.hasSuffix("/host/getTimeZone.json") } }) {
                    try await Task.sleep(for: .milliseconds(10))
                }
                seen.withLock { $0.append("answered \(path)") }
                fixture = "monitors.json"
            } else if path.hasSuffix("/host/getTimeZone.json") {
                fixture = "host/getTimeZone.json"
            } else if path.contains("/api/events/index") {
                fixture = "events/index-monitor1-since-2020.json"
            } else {
                return HTTPResponse(status: 404, body: Data(), request: request)
            }
            let body = try Data(contentsOf: ZoneMinderUnitTests.fixtures.appending(path: fixture))
            return HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: body, request: request)
        }
    }

    @Test func theMonitorsAndTheTimeZoneAreAskedSideBySideAndTheMonitorsOnce() async throws {
        let server = FixtureServer()
        let client = ZoneMinderClient(server: URL(string: "http://127.0.0.1:18080/zm")!,
                                      pipeline: NetworkPipeline(transport: server), requiresSignIn: false)
        async let page = client.events(cursor: nil, limit: 10, filter: EventFilter())
        async let cameras = client.cameras()
        let (events, monitors) = try await (page, cameras)
        #expect(!events.events.isEmpty && !monitors.isEmpty)
        #expect(events.events.allSatisfy { event in monitors.contains { $0.name == event.cameraName } }, "rows carry the monitors' names")
        let seen = server.seen.value
        #expect(seen.filter { $0 == "asked /zm/api/monitors.json" }.count == 1, "\(seen)")
        let timeZone = try #require(seen.firstIndex(of: "asked /zm/api/host/getTimeZone.json"), "\(seen)")
        let monitorsAnswered = try #require(seen.firstIndex(of: "answered /zm/api/monitors.json"))
        #expect(timeZone < monitorsAnswered, "the time zone was asked while the monitors were on their way: \(seen)")
        let eventsAsked = try #require(seen.firstIndex { $0.hasPrefix("asked /zm/api/events/index") })
        #expect(eventsAsked > monitorsAnswered, "the events after both (their times are the server's)")
    }
}
