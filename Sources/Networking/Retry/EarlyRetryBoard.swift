import Foundation
import Synchronization

/// Pending retry waits, by host, that can be fired early (URLRequestOperation's "other success
/// observer" and reachability observer):
/// - a 2xx from a host fires every wait for that host;
/// - any HTTP response from a host that had a connect failure (connectivity is back) does too.
final class EarlyRetryBoard: Sendable {
    private struct Entry {
        var host: String
        var continuation: CheckedContinuation<Void, Never>?
        var fired = false
    }

    private struct Board {
        var entries: [Int: Entry] = [:]
        var unreachable: Set<String> = []
        var nextID = 0
    }

    private let board = Mutex(Board())

    /// Registers a wait for `host`; pair with ``wait(_:)`` and ``remove(_:)``.
    func register(host: String) -> Int {
        board.withLock { board in
            board.nextID += 1
            board.entries[board.nextID] = Entry(host: host)
            return board.nextID
        }
    }

    /// Returns when the wait is fired or removed.
    func wait(_ id: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let parked = board.withLock { board in
                guard let entry = board.entries[id], !entry.fired else { return false }
                board.entries[id]?.continuation = continuation
                return true
            }
            if !parked { continuation.resume() }
        }
    }

    /// Forgets the wait, ending ``wait(_:)`` if it is suspended.
    func remove(_ id: Int) {
        let entry = board.withLock { $0.entries.removeValue(forKey: id) }
        entry?.continuation?.resume()
    }

    /// Waits registered for `host`, for tests and the TUI.
    func pendingCount(host: String) -> Int {
        board.withLock { $0.entries.values.filter { $0.host == host && !$0.fired }.count }
    }

    /// A connect to `host` failed.
    func connectFailed(host: String) {
        board.withLock { _ = $0.unreachable.insert(host) }
    }

    /// `host` answered with an HTTP response; fires its waits when that is a success or when the
    /// host was unreachable before. Returns how many waits were fired.
    @discardableResult
    func responded(host: String, success: Bool) -> Int {
        let toResume = board.withLock { board -> [CheckedContinuation<Void, Never>] in
            let reconnected = board.unreachable.remove(host) != nil
            guard success || reconnected else { return [] }
            var toResume: [CheckedContinuation<Void, Never>] = []
            for (id, entry) in board.entries where entry.host == host && !entry.fired {
                board.entries[id]?.fired = true
                if let continuation = entry.continuation {
                    toResume.append(continuation)
                    board.entries[id]?.continuation = nil
                }
            }
            return toResume
        }
        toResume.forEach { $0.resume() }
        return toResume.count
    }
}
