import Foundation
import Networking

/// Returns at once, remembering each requested delay.
final class InstantSleeper: NetworkSleeper, @unchecked Sendable {
    private let lock = NSLock()
    private var requested: [Double] = []

    var delays: [Double] { lock.withLock { requested } }

    func sleep(seconds: Double) async throws {
        lock.withLock { requested.append(seconds) }
        try Task.checkCancellation()
    }
}

/// Time that moves only when a test calls ``advance(by:)``.
final class ManualSleeper: NetworkSleeper, @unchecked Sendable {
    private struct Sleeper {
        var deadline: Double
        var continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var now = 0.0
    private var nextID = 0
    private var sleepers: [Int: Sleeper] = [:]
    private var cancelledEarly: Set<Int> = []
    private var requested: [Double] = []

    var delays: [Double] { lock.withLock { requested } }
    var pending: Int { lock.withLock { sleepers.count } }

    func sleep(seconds: Double) async throws {
        let id = lock.withLock {
            nextID += 1
            requested.append(seconds)
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                lock.lock()
                if cancelledEarly.remove(id) != nil {
                    lock.unlock()
                    continuation.resume(throwing: CancellationError())
                } else {
                    sleepers[id] = Sleeper(deadline: now + seconds, continuation: continuation)
                    lock.unlock()
                }
            }
        } onCancel: {
            lock.lock()
            let sleeper = sleepers.removeValue(forKey: id)
            if sleeper == nil { cancelledEarly.insert(id) }
            lock.unlock()
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time on, waking every sleeper whose deadline has come.
    func advance(by seconds: Double) {
        lock.lock()
        now += seconds
        let due = sleepers.filter { $0.value.deadline <= now + 1e-9 }
        for id in due.keys { sleepers.removeValue(forKey: id) }
        lock.unlock()
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
