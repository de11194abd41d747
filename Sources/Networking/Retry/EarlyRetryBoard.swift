import Foundation

/// Pending retry waits, by host, that can be fired early (URLRequestOperation's "other success
/// observer" and reachability observer):
/// - a 2xx from a host fires every wait for that host;
/// - any HTTP response from a host that had a connect failure (connectivity is back) does too.
final class EarlyRetryBoard: @unchecked Sendable {
    private struct Entry {
        var host: String
        var continuation: CheckedContinuation<Void, Never>?
        var fired = false
    }

    private let lock = NSLock()
    private var entries: [Int: Entry] = [:]
    private var unreachable: Set<String> = []
    private var nextID = 0

    /// Registers a wait for `host`; pair with ``wait(_:)`` and ``remove(_:)``.
    func register(host: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        nextID += 1
        entries[nextID] = Entry(host: host)
        return nextID
    }

    /// Returns when the wait is fired or removed.
    func wait(_ id: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.lock()
            if let entry = entries[id], !entry.fired {
                entries[id]?.continuation = continuation
                lock.unlock()
            } else {
                lock.unlock()
                continuation.resume()
            }
        }
    }

    /// Forgets the wait, ending ``wait(_:)`` if it is suspended.
    func remove(_ id: Int) {
        lock.lock()
        let entry = entries.removeValue(forKey: id)
        lock.unlock()
        entry?.continuation?.resume()
    }

    /// Waits registered for `host`, for tests and the TUI.
    func pendingCount(host: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return entries.values.filter { $0.host == host && !$0.fired }.count
    }

    /// A connect to `host` failed.
    func connectFailed(host: String) {
        lock.lock()
        unreachable.insert(host)
        lock.unlock()
    }

    /// `host` answered with an HTTP response; fires its waits when that is a success or when the
    /// host was unreachable before. Returns how many waits were fired.
    @discardableResult
    func responded(host: String, success: Bool) -> Int {
        lock.lock()
        let reconnected = unreachable.remove(host) != nil
        guard success || reconnected else { lock.unlock(); return 0 }
        var toResume: [CheckedContinuation<Void, Never>] = []
        for (id, entry) in entries where entry.host == host && !entry.fired {
            entries[id]?.fired = true
            if let continuation = entry.continuation {
                toResume.append(continuation)
                entries[id]?.continuation = nil
            }
        }
        lock.unlock()
        toResume.forEach { $0.resume() }
        return toResume.count
    }
}
