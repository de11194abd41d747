import AppCore
import DemoBackend
import Foundation
import Player
import Testing
import TUI
@testable import TUIFrontEnd

/// The UI thread never waits on mpv: switching events quickly against a server that answers media
/// slowly, every key is handled within 100 ms (the replaced playbacks' mpv handles are destroyed
/// off the UI thread). This check is measured on the coordinator.
@Suite(.serialized) struct ResponsivenessTests {
    @Test(.timeLimit(.minutes(2)))
    func twentyQuickSwitchesAgainstSlowMediaAreEachAnsweredWithin100ms() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        await server.faults.delay(seconds: 1, pathPrefix: "/media/")
        let home = CoordinatorTests.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let services = try await CoordinatorTests.services(home: home, server: server.baseURL.absoluteString)
        _ = try await services.backend.signIn(user: DemoAccount.email, password: DemoAccount.password)
        let preparer = try PlaybackPreparer(services: services)
        let slowest = try await CoordinatorTests.onThread { () throws -> [Double] in
            let coordinator = try CoordinatorTests.coordinator(services: services, preparer: preparer)
            coordinator.start()
            try CoordinatorTests.pump(coordinator) { $0.list.rows.count >= 6 }
            var times: [Double] = []
            for round in 0..<20 {
                _ = coordinator.handle(.action(.focus(.list)))
                _ = coordinator.handle(.action(.select(index: round % 6)))
                let start = ContinuousClock.now
                _ = coordinator.handle(.action(.play))
                times.append(Double((ContinuousClock.now - start).components.attoseconds) / 1e15
                             + Double((ContinuousClock.now - start).components.seconds) * 1000)
                // Let the playback get as far as mpv opening its slow media before the next switch.
                try CoordinatorTests.pump(coordinator, seconds: 10) { $0.player?.subtitle.hasSuffix("preparing…") == false }
            }
            let quitStart = ContinuousClock.now
            coordinator.shutdown()
            print("switch times (ms):", times.map { Int($0) }, "shutdown:", ContinuousClock.now - quitStart)
            return times
        }
        await services.shutdown()
        #expect(slowest.allSatisfy { $0 < 100 }, "every switch answered within 100 ms: \(slowest.map { Int($0) })")
    }
}
