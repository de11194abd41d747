import Foundation

/// What came of asking a completion-handler closure for an answer.
enum HandlerAnswer<Value: Sendable>: Sendable {
    case answered(Value)
    case timedOut
    case cancelled
}

/// A value set at most once, awaited by one waiter. The first `resolve` wins.
final class OneShot<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value?
    private var continuation: CheckedContinuation<Value, Never>?

    @discardableResult
    func resolve(_ newValue: Value) -> Bool {
        lock.lock()
        guard value == nil else { lock.unlock(); return false }
        value = newValue
        let waiter = continuation
        continuation = nil
        lock.unlock()
        waiter?.resume(returning: newValue)
        return true
    }

    func wait() async -> Value {
        await withCheckedContinuation { (waiter: CheckedContinuation<Value, Never>) in
            lock.lock()
            if let value {
                lock.unlock()
                waiter.resume(returning: value)
            } else {
                continuation = waiter
                lock.unlock()
            }
        }
    }
}

/// Calls `ask` with a completion and waits for the first of: the completion, `seconds` passing
/// on `sleeper`, or the task's cancellation. Later calls of the completion are ignored.
func answer<Value: Sendable>(
    within seconds: Double,
    sleeper: any NetworkSleeper,
    _ ask: (@escaping @Sendable (Value) -> Void) -> Void
) async -> HandlerAnswer<Value> {
    let shot = OneShot<HandlerAnswer<Value>>()
    let timer = Task {
        do {
            try await sleeper.sleep(seconds: seconds)
            shot.resolve(.timedOut)
        } catch {}
    }
    defer { timer.cancel() }
    return await withTaskCancellationHandler {
        ask { shot.resolve(.answered($0)) }
        return await shot.wait()
    } onCancel: {
        shot.resolve(.cancelled)
    }
}
