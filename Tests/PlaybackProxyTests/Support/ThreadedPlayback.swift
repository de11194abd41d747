import AppCore
import Foundation
import PlaybackStates
import Player
import SystemSupport

/// A real player (``PlayerDriver``: vo=null, ao=null) playing one source to its finish on a thread
/// of its own, so several play at once in one process without holding the cooperative pool's two
/// threads (the in-process demo backend and the proxy need them). The player lives and dies on
/// that thread; the test sees its position while it plays and its outcome when it finished.
///
/// ```swift
/// let playback = ThreadedPlayback()
/// async let outcome = playback.play(source)
/// _ = await playback.waitForPosition(1)
/// #expect(try await outcome.finishes == [.ended])
/// ```
final class ThreadedPlayback: Sendable {
    /// What a playback ended with.
    struct Outcome: Sendable {
        /// The ends the player reported (facts).
        var ends: [PlaybackEnd]
        var positions: [Double]
        /// The player's last log lines, for a failing expectation's message.
        var log: [String]
        /// The ends as the playback session classifies them.
        var finishes: [FinishReason] { ends.map { FinishClassifier.reason(for: $0) } }
    }

    private let position = Locked(0.0)
    private let stopRequested = Locked(false)

    /// Plays `source` to its finish (40 s at most) on a new thread; returns what it ended with.
    func play(_ source: MediaSource, speed: Double = 4, readahead: Double? = nil) async throws -> Outcome {
        let position = self.position, stopRequested = self.stopRequested
        return try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result {
                    let driver = try PlayerDriver(speed: speed, readahead: readahead)
                    let id = try driver.player.load(source)
                    var stopped = false
                    driver.runBlocking { snapshot in
                        position.value = snapshot.progress.position
                        if !stopped, stopRequested.value {
                            stopped = true
                            driver.stop()   // as the user's `s`: the playback ends, nothing more is fetched
                        }
                        return snapshot.end != nil
                    }
                    return Outcome(ends: driver.ends(of: id), positions: driver.positions(of: id),
                                   log: driver.player.recentLogMessages.suffix(10).map { "\($0)" })
                })
            }.start()
        }
    }

    /// Asks the player's thread to stop the playback (it then finishes as the user stopped it).
    func stop() {
        stopRequested.value = true
    }

    /// Waits (suspending, never blocking a thread) until the player is at `seconds` or beyond;
    /// false when it did not get there within `limit`.
    func waitForPosition(_ seconds: Double, limit: Duration = .seconds(20)) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if position.value >= seconds { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return position.value >= seconds
    }
}
