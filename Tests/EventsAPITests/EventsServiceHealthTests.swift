import DemoBackend
import EventsAPI
import Foundation
import Testing

/// The events service reports no camera health: `cameraHealth()` answers nil and asks nothing
/// (Frigate's and ZoneMinder's are NVRTests' and ZoneMinderTests').
@Suite struct EventsServiceHealthTests {
    @Test func theEventsServiceReportsNoHealth() async throws {
        try await withDemo { fixture throws in
            let health = try await fixture.client.cameraHealth()
            #expect(health == nil)
            #expect(await fixture.server.requestLog().allSatisfy { !$0.path.contains("stats") })
        }
    }
}
