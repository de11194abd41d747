import Foundation

/// A value behind a lock, for the few mutable parts of otherwise immutable Sendable classes.
///
/// ```swift
/// let count = Locked(0)
/// count.withLock { $0 += 1 }
/// ```
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
