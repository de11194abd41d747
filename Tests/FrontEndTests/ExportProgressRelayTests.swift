import AppCore
import Foundation
import Synchronization
import Testing
@testable import TUIFrontEnd

/// The TUI's export progress reaches the UI loop at most every 250 ms, and always the last piece.
@Suite struct ExportProgressRelayTests {
    final class Posts: Sendable {
        let seen = Mutex<[Int]>([])
        let clock = Mutex(ContinuousClock.now)
    }

    @Test func throttledButTheLastAlwaysGoes() {
        let posts = Posts()
        let relay = ExportProgressRelay(interval: .milliseconds(250), now: { posts.clock.withLock { $0 } }) { progress in
            posts.seen.withLock { $0.append(progress.piecesDone) }
        }
        func offer(_ done: Int, after milliseconds: Int) {
            posts.clock.withLock { $0 += .milliseconds(milliseconds) }
            relay.offer(ExportProgress(piecesDone: done, pieceCount: 10, bytes: done, bytesThisRun: done, elapsed: 1))
        }
        offer(0, after: 0)
        for done in 1...8 { offer(done, after: 50) }     // 400 ms: one more post at 250 ms
        offer(9, after: 300)
        offer(10, after: 10)                              // complete: always
        #expect(posts.seen.withLock { $0 } == [0, 5, 9, 10])
    }
}

