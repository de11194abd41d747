import Synchronization

/// A result delivered once, from any thread, to one async waiter: e.g. the port a server bound,
/// reported from its `onServerRunning` callback, or the error that stopped it first; or the first
/// of a handler's answer, a timeout and a cancellation. Later deliveries are ignored.
///
/// ```swift
/// let port = OneShot<Int, any Error>()
/// let app = Application(..., onServerRunning: { port.resolve(.success($0.localAddress?.port ?? 0)) })
/// Task { do { try await app.run() } catch { port.resolve(.failure(error)) } }
/// let bound = try await port.value()
///
/// let answer = OneShot<Bool, Never>()    // cannot fail: `await answer.value()`, no `try`
/// ```
public final class OneShot<Value: Sendable, Failure: Error>: Sendable {
    private struct State {
        var result: Result<Value, Failure>?
        var waiter: CheckedContinuation<Result<Value, Failure>, Never>?
    }

    private let state = Mutex(State())

    public init() {}

    /// Delivers `result` and wakes the waiter, if one waits. Only the first call counts: returns
    /// whether this call was it.
    @discardableResult
    public func resolve(_ result: Result<Value, Failure>) -> Bool {
        let (first, waiter) = state.withLock { state -> (Bool, CheckedContinuation<Result<Value, Failure>, Never>?) in
            guard state.result == nil else { return (false, nil) }
            state.result = result
            defer { state.waiter = nil }
            return (true, state.waiter)
        }
        waiter?.resume(returning: result)
        return first
    }

    /// Delivers `value` (``resolve(_:)`` with a success).
    @discardableResult
    public func resolve(_ value: Value) -> Bool {
        resolve(.success(value))
    }

    /// The delivered result, waiting for it if needed (one waiter).
    public func result() async -> Result<Value, Failure> {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Result<Value, Failure>? in
                if let result = state.result { return result }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// The delivered value, waiting for it if needed (one waiter); throws the delivered failure.
    public func value() async throws(Failure) -> Value {
        try await result().get()
    }
}
