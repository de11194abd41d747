import Synchronization

/// A shared reference to a value behind a `Mutex`: the one lock wrapper, for the few mutable
/// parts of otherwise immutable Sendable types and for state shared with escaping closures (a
/// `Mutex` itself cannot be copied into a struct or captured by an escaping closure). A class that
/// owns its state keeps a plain `Mutex` stored property instead.
///
/// ```swift
/// let cache = Locked<[String: Data]>([:])
/// cache.withLock { $0[key] = data }     // read-modify-write under one lock
/// let seen = cache.value[key]           // a plain read (or `cache.value = [:]`, a plain write)
/// ```
public final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with the value, under the lock.
    public func withLock<Result>(_ body: (inout sending Value) throws -> sending Result) rethrows -> sending Result {
        try mutex.withLock(body)
    }

    /// The value (a copy, read under the lock); setting it replaces it under the lock. For a
    /// change that depends on the current value, use ``withLock(_:)``.
    public var value: Value {
        get { mutex.withLock { $0 } }
        set { mutex.withLock { $0 = newValue } }
    }
}
