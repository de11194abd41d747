import Foundation
import TestSupport
import Testing

/// The harness for the ZoneMinder backend's tests (``ZoneMinderServer``): a real ZoneMinder,
/// started once for the test process by scripts/zoneminder/start, signs a user in, has the three
/// monitors start set up, closes events as they record (every 10 s), and the Modect monitor's
/// motion makes events with alarm frames. Runs in its own stage
/// (`make test-zoneminder`), as root.
@Suite("A real ZoneMinder for the tests", .serialized, .zoneMinder())
struct ZoneMinderServerTests {
    @Test(.timeLimit(.minutes(5)))
    func itStartsSignsInHasThreeMonitorsAndFinishesEvents() async throws {
        let zm = try await ZoneMinderServer.shared()
        #expect(zm.server.hasPrefix("http://127.0.0.1:\(zm.port)/"), "\(zm.server)")
        #expect(zm.monitors.map(\.id) == [1, 2, 3], "\(zm.monitors)")
        #expect(zm.monitors.map(\.name) == ["Front door", "Back yard", "Driveway"], "\(zm.monitors)")
        let alarm = try await zm.sql("SELECT MonitorId, Cause, AlarmFrames > 0, MaxScore > 0 FROM Events WHERE Id=\(zm.firstAlarmEventId)")
        #expect(alarm == "3\tMotion\t1\t1", "the Modect monitor's motion event: \(alarm)")

        // A second caller gets the same server, not a second start.
        let again = try await ZoneMinderServer.shared()
        #expect(again.stateDir == zm.stateDir && again.port == zm.port)

        // The access token is a JWT (header.payload.signature).
        let token = try await zm.signIn()
        #expect(token.split(separator: ".").count == 3, "\(token)")

        let ids = try await zm.waitForFinishedEvents(2, monitor: 1, timeout: 60)
        #expect(ids.count >= 2, "\(ids)")
        #expect(Set(ids).count == ids.count, "\(ids)")
        #expect(ids == ids.sorted(by: >), "newest first: \(ids)")
        #expect(ids.contains(zm.firstEventId), "\(ids) without the first event \(zm.firstEventId)")
    }
}
