import DemoBackend
import Foundation
import TestSupport
import Testing

/// `eventplayer events --since/--until/--camera` and the `reviewed` key of `--json`.
@Suite("eventplayer events filters and reviewed marks", .serialized, .machineShare)
struct EventsFilterTests {
    func ids(_ stdout: String) throws -> [String] {
        let decoded = try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [[String: Any]] ?? []
        return decoded.compactMap { $0["id"] as? String }
    }

    @Test func sinceUntilAndCameraAskTheServer() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let binary = try Binary()
        try #require(try await binary.login(server.baseURL).status == 0)
        let url = server.baseURL.absoluteString
        // Demo events started 30 s (evt-live), 15, 25, 40, 55 and 70 min (evt-extensionless) before the server.
        let recent = try await binary.run(["events", "--server", url, "--json", "--all", "--since", "-1h"])
        #expect(recent.status == 0, "\(recent.stderr)")
        #expect(try ids(recent.stdout) == ["evt-live", "evt-endlist", "evt-no-endlist", "evt-fmp4", "evt-master"])
        let older = try await binary.run(["events", "--server", url, "--json", "--since", "-75m", "--until", "-1h"])
        #expect(try ids(older.stdout) == ["evt-extensionless"])
        let garage = try await binary.run(["events", "--server", url, "--json", "--since", "-1h", "--camera", "Garage"])
        #expect(try ids(garage.stdout) == ["evt-master"])
        let queries = await server.requestLog().filter { $0.path == "/v1/events" }
        #expect(queries.count >= 3)
    }

    @Test func unreadableDatesAndEmptyRangesAreUsageErrors() async throws {
        let binary = try Binary()
        let bad = try await binary.run(["events", "--since", "next friday"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("cannot read \"next friday\" as a date"), "\(bad.stderr)")
        let backwards = try await binary.run(["events", "--since", "-1h", "--until", "-2h"])
        #expect(backwards.status == 2)
        #expect(backwards.stderr.contains("--since must be before --until"))
    }

    @Test func jsonSaysWhichEventsAreReviewed() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let binary = try Binary()
        try #require(try await binary.login(server.baseURL).status == 0)
        let state = binary.home.appending(path: "state/eventplayer")
        try Data(#"{"version":1,"reviewed":["evt-fmp4"]}"#.utf8).write(to: state.appending(path: "reviewed.json"))
        let run = try await binary.run(["events", "--server", server.baseURL.absoluteString, "--json", "--limit", "6"])
        #expect(run.status == 0, "\(run.stderr)")
        let decoded = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(decoded.count == 6)
        for event in decoded {
            #expect(event["reviewed"] as? Bool == (event["id"] as? String == "evt-fmp4"), "\(event)")
            #expect(event["cameraName"] is String, "the API's keys stay")
        }
    }
}
