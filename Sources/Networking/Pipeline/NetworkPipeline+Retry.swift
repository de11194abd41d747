import Foundation
import SystemSupport

extension NetworkPipeline {
    /// Asks a custom retry handler, giving it ``NetworkConfiguration/handlerTimeout`` to answer.
    func askRetryHandler(
        _ handler: @escaping NetworkConfig.RetryHttpRequestHandler,
        failure: AttemptFailure, retry: Int, machine: inout RequestStateMachine
    ) async -> RequestStateMachine.Action {
        let response = failure.response ?? HTTPResponse(status: 0, request: failure.request,
                                                        failure: Redactor.shared.redact(failure.summary))
        let timeout = configuration.handlerTimeout
        let outcome: HandlerAnswer<RetryDecision> = await answer(within: timeout, sleeper: sleeper) { done in
            handler(failure.request.kind, retry, response,
                    { delay, request in done(.retry(after: delay, request: request)) },
                    { done(.abort) })
        }
        switch outcome {
        case .answered(let decision): return machine.decided(decision, byHandler: true)
        case .timedOut: return machine.retryHandlerTimedOut(seconds: timeout)
        case .cancelled: return machine.cancelled()
        }
    }

    /// Waits `seconds` before a retry to `host`, or less when early retry fires
    /// (another request to `host` succeeded). Throws when the task is cancelled.
    func waitForRetry(seconds: Double, host: String) async throws {
        guard seconds > 0 else { return try Task.checkCancellation() }
        let board = self.board
        let sleeper = self.sleeper
        let id = board.register(host: host)
        defer { board.remove(id) }
        try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                try await sleeper.sleep(seconds: seconds)
                return false
            }
            group.addTask {
                await board.wait(id)
                return true
            }
            defer {
                board.remove(id)
                group.cancelAll()
            }
            _ = try await group.next()
        }
        try Task.checkCancellation()
    }
}
