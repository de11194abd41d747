import Synchronization

/// A value delivered once, from any thread, to one async waiter: e.g. the port a server bound,
/// reported from its `onServerRunning` callback, or the error that stopped it first. Later
/// deliveries are ignored.
///
/// ```swift
/// let port = OneShot<Int>()
/// let app = Application(..., onServerRunning: { port.resolve(.success($0.localAddress?.port ?? 0)) })
/// Task { do { try await app.run() } catch { port.resolve(.failure(error)) } }
/// let bound = try await port.value()
/// ```
public final class OneShot<Value: Sendable>: Sendable {
    private struct State {
        var result: Result<Value, any Error>?
        var waiter: CheckedContinuation<Value, any Error>?
    }

    private let state = Mutex(State())

    public init() {}

    /// Delivers `result` (the first call only) and wakes the waiter, if one waits.
    public func resolve(_ result: Result<Value, any Error>) {
        let waiter = state.withLock { state -> CheckedContinuation<Value, any Error>? in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(with: result)
    }

    /// The delivered value, waiting for it if needed (one waiter).
    public func value() async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let ready = state.withLock { state -> Result<Value, any Error>? in
                if let result = state.result { return result }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(with: ready) }
        }
    }
}
