import Foundation
import Synchronization

/// The most recent ``RequestRecord``s, in memory, for the TUI's request log.
/// Bounded: the oldest record goes when a new one arrives at ``capacity``. Safe to share.
///
/// ```swift
/// let log = RequestLog(capacity: 500)
/// let pipeline = NetworkPipeline(requestLog: log)
/// ...
/// if log.version != lastSeen { draw(log.snapshot()) }   // oldest first
/// ```
public final class RequestLog: Sendable {
    private struct Ring {
        var records: [RequestRecord] = []
        var head = 0
        var recorded = 0
    }

    private let ring: Mutex<Ring>
    /// The most records kept.
    public let capacity: Int

    public init(capacity: Int = 500) {
        self.capacity = max(1, capacity)
        var ring = Ring()
        ring.records.reserveCapacity(self.capacity)
        self.ring = Mutex(ring)
    }

    /// Adds `record`, numbering it; returns the numbered record.
    @discardableResult
    public func append(_ record: RequestRecord) -> RequestRecord {
        ring.withLock { ring in
            var record = record
            ring.recorded += 1
            record.sequence = ring.recorded
            if ring.records.count < capacity {
                ring.records.append(record)
            } else {
                ring.records[ring.head] = record
                ring.head = (ring.head + 1) % capacity
            }
            return record
        }
    }

    /// The kept records, oldest first.
    public func snapshot() -> [RequestRecord] {
        ring.withLock { Array($0.records[$0.head...] + $0.records[..<$0.head]) }
    }

    /// How many records were ever appended; changes whenever the log does (cheap redraw check).
    public var version: Int { ring.withLock { $0.recorded } }

    /// How many records are kept now.
    public var count: Int { ring.withLock { $0.records.count } }

    /// Forgets every record (numbering goes on).
    public func clear() {
        ring.withLock {
            $0.records.removeAll(keepingCapacity: true)
            $0.head = 0
        }
    }
}
