import Foundation
import Synchronization

/// What came of asking a completion-handler closure for an answer.
enum HandlerAnswer<Value: Sendable>: Sendable {
    case answered(Value)
    case timedOut
    case cancelled
}

/// A value set at most once, awaited by one waiter. The first `resolve` wins.
final class OneShot<Value: Sendable>: Sendable {
    private struct State {
        var value: Value?
        var continuation: CheckedContinuation<Value, Never>?
    }

    private let state = Mutex(State())

    @discardableResult
    func resolve(_ newValue: Value) -> Bool {
        let (first, waiter) = state.withLock { state -> (Bool, CheckedContinuation<Value, Never>?) in
            guard state.value == nil else { return (false, nil) }
            state.value = newValue
            defer { state.continuation = nil }
            return (true, state.continuation)
        }
        waiter?.resume(returning: newValue)
        return first
    }

    func wait() async -> Value {
        await withCheckedContinuation { (waiter: CheckedContinuation<Value, Never>) in
            let value = state.withLock { state -> Value? in
                if state.value == nil { state.continuation = waiter }
                return state.value
            }
            if let value { waiter.resume(returning: value) }
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
