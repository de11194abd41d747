import Foundation
import SystemSupport

/// What came of asking a completion-handler closure for an answer.
enum HandlerAnswer<Value: Sendable>: Sendable {
    case answered(Value)
    case timedOut
    case cancelled
}

/// Calls `ask` with a completion and waits for the first of: the completion, `seconds` passing
/// on `sleeper`, or the task's cancellation. Later calls of the completion are ignored.
func answer<Value: Sendable>(
    within seconds: Double,
    sleeper: any NetworkSleeper,
    _ ask: (@escaping @Sendable (Value) -> Void) -> Void
) async -> HandlerAnswer<Value> {
    let shot = OneShot<HandlerAnswer<Value>, Never>()
    let timer = Task {
        do {
            try await sleeper.sleep(seconds: seconds)
            shot.resolve(.timedOut)
        } catch {}
    }
    defer { timer.cancel() }
    return await withTaskCancellationHandler {
        ask { shot.resolve(.answered($0)) }
        return await shot.value()
    } onCancel: {
        shot.resolve(.cancelled)
    }
}
