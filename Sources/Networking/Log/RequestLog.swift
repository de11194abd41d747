import Foundation

/// The most recent ``RequestRecord``s, in memory, for the TUI's request log.
/// Bounded: the oldest record goes when a new one arrives at ``capacity``. Safe to share.
///
/// ```swift
/// let log = RequestLog(capacity: 500)
/// let pipeline = NetworkPipeline(requestLog: log)
/// ...
/// if log.version != lastSeen { draw(log.snapshot()) }   // oldest first
/// ```
public final class RequestLog: @unchecked Sendable {
    private let lock = NSLock()
    private var ring: [RequestRecord] = []
    private var head = 0
    private var recorded = 0
    /// The most records kept.
    public let capacity: Int

    public init(capacity: Int = 500) {
        self.capacity = max(1, capacity)
        ring.reserveCapacity(self.capacity)
    }

    /// Adds `record`, numbering it; returns the numbered record.
    @discardableResult
    public func append(_ record: RequestRecord) -> RequestRecord {
        lock.lock()
        defer { lock.unlock() }
        var record = record
        recorded += 1
        record.sequence = recorded
        if ring.count < capacity {
            ring.append(record)
        } else {
            ring[head] = record
            head = (head + 1) % capacity
        }
        return record
    }

    /// The kept records, oldest first.
    public func snapshot() -> [RequestRecord] {
        lock.lock()
        defer { lock.unlock() }
        return Array(ring[head...] + ring[..<head])
    }

    /// How many records were ever appended; changes whenever the log does (cheap redraw check).
    public var version: Int {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    /// How many records are kept now.
    public var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return ring.count
    }

    /// Forgets every record (numbering goes on).
    public func clear() {
        lock.lock()
        defer { lock.unlock() }
        ring.removeAll(keepingCapacity: true)
        head = 0
    }
}
