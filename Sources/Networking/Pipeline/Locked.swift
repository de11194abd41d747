import Synchronization

/// A shared reference to a value behind a `Mutex`, for the few mutable parts of otherwise
/// immutable Sendable types (a `Mutex` itself cannot be copied into a struct or a closure).
public final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: Value) {
        mutex = Mutex(value)
    }

    public func withLock<Result>(_ body: (inout sending Value) throws -> sending Result) rethrows -> sending Result {
        try mutex.withLock(body)
    }
}
