import Foundation
import Networking
import Synchronization

/// Returns at once, remembering each requested delay.
final class InstantSleeper: NetworkSleeper, Sendable {
    private let requested = Mutex<[Double]>([])

    var delays: [Double] { requested.withLock { $0 } }

    func sleep(seconds: Double) async throws {
        requested.withLock { $0.append(seconds) }
        try Task.checkCancellation()
    }
}

/// Time that moves only when a test calls ``advance(by:)``.
final class ManualSleeper: NetworkSleeper, Sendable {
    private struct Sleeper {
        var deadline: Double
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct Clock {
        var now = 0.0
        var nextID = 0
        var sleepers: [Int: Sleeper] = [:]
        var cancelledEarly: Set<Int> = []
        var requested: [Double] = []
    }

    private let clock = Mutex(Clock())

    var delays: [Double] { clock.withLock { $0.requested } }
    var pending: Int { clock.withLock { $0.sleepers.count } }

    func sleep(seconds: Double) async throws {
        let id = clock.withLock { clock in
            clock.nextID += 1
            clock.requested.append(seconds)
            return clock.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let cancelled = clock.withLock { clock in
                    if clock.cancelledEarly.remove(id) != nil { return true }
                    clock.sleepers[id] = Sleeper(deadline: clock.now + seconds, continuation: continuation)
                    return false
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let sleeper = clock.withLock { clock in
                let sleeper = clock.sleepers.removeValue(forKey: id)
                if sleeper == nil { clock.cancelledEarly.insert(id) }
                return sleeper
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time on, waking every sleeper whose deadline has come.
    func advance(by seconds: Double) {
        let due = clock.withLock { clock in
            clock.now += seconds
            let now = clock.now
            let due = clock.sleepers.filter { $0.value.deadline <= now + 1e-9 }
            for id in due.keys { clock.sleepers.removeValue(forKey: id) }
            return due
        }
        for sleeper in due.values { sleeper.continuation.resume() }
    }

    /// Waits until at least `count` sleepers are suspended.
    func waitForSleepers(_ count: Int) async {
        for _ in 0..<20_000 where pending < count {
            try? await Task.sleep(for: .milliseconds(1))
        }
    }
}

/// Records the order things happened in.
actor Recorder {
    private(set) var entries: [String] = []
    func add(_ entry: String) { entries.append(entry) }
}
