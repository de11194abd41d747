import DemoBackend
import Foundation
import Testing
@testable import Player

extension RealMPV {
    /// Replaced and stopped handles are destroyed off the owner's thread: the UI thread
    /// never waits for `mpv_terminate_destroy`, and `shutdown()` waits for all of them.
    @Suite struct HandleLifetime {
        /// Against a server answering media slowly, 20 loads in a row each return promptly, and
        /// after `shutdown()` every handle is gone. (The issue asks for this timing check.)
        @Test func loadsReturnPromptlyWhileOldHandlesAreDestroyedInTheBackground() async throws {
            let demo = try await DemoMedia.start()
            defer { Task { await demo.server.stop() } }
            let (url, token) = try demo.source("evt-endlist")
            await demo.server.faults.delay(seconds: 3, pathPrefix: "/media/")
            let driver = try PlayerDriver()
            var durations: [Duration] = []
            var ids: [PlaybackID] = []
            for _ in 0..<20 {
                let start = ContinuousClock.now
                ids.append(try driver.player.load(MediaSource(url: url, authorizationToken: token)))
                durations.append(ContinuousClock.now - start)
                await driver.run(for: .milliseconds(100))  // mpv is now waiting for the slow server
            }
            let milliseconds = durations.map { Double($0.milliseconds) }
            print("load() ms with a slow server: \(milliseconds.map { String(Int($0)) }.joined(separator: " ")), max \(Int(milliseconds.max() ?? 0))")
            #expect(milliseconds.allSatisfy { $0 < 100 }, "\(milliseconds)")
            for id in ids.dropLast() { #expect(driver.finishes(of: id) == [.userExited]) }
            driver.stop()
            driver.player.shutdown()
            #expect(driver.player.pendingDestroys == 0)
            #expect(PlayerDriver.mpvThreads().isEmpty)
        }

        /// A stopped playback's handle gets no mpv call after it was handed off: stop, then every
        /// command is a no-op until the next load, and shutdown leaves no mpv thread.
        @Test func stopHandsTheHandleOffAndShutdownWaitsForIt() async throws {
            let fixtures = HLSFixtures.shared
            let driver = try PlayerDriver()
            let id = try driver.player.load(MediaSource(url: fixtures.tsEndlist))
            #expect(await driver.run { $0.playback == .playing })
            driver.stop()
            #expect(driver.player.handle == nil)
            driver.player.pause()
            driver.player.seek(to: 3)
            driver.player.setVolume(40)
            #expect(await driver.run { $0.playback == .stopped })
            #expect(driver.finishes(of: id) == [.userExited])
            driver.player.shutdown()
            #expect(driver.player.pendingDestroys == 0)
            #expect(PlayerDriver.mpvThreads().isEmpty)
        }
    }
}
