@testable import AppCore
import Foundation
import Player
import Testing

/// The speed is the session's: the runner hands it to the player even before the first playback
/// (the player starts every playback with it); other commands wait for a playback.
@Suite("PlaybackRunner: speed before the first playback")
struct PlaybackRunnerSpeedTests {
    @Test func speedReachesThePlayerWithoutAPlayback() async throws {
        let commands = try await PlaybackRunnerTests.onThread { () throws -> [PlayerCommand] in
            let player = try FakePlayer()
            let runner = try PlaybackRunner(player: player, preparer: FakePreparer())
            runner.perform(.setSpeed(2))
            runner.perform(.togglePause)
            runner.perform(.frameStep(forward: true))
            return player.commands
        }
        #expect(commands == [.setSpeed(2)])
    }
}
