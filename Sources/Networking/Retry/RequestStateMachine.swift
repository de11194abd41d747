import Foundation

/// The life of one request through the pipeline, as a pure state machine (async-http-client
/// style): each event returns the next action; the pipeline does the I/O.
///
/// Attempts count from 1. Rules decided here, before any retry policy is asked:
/// fatal filter errors end the request; a non-idempotent request whose connection broke after it
/// may have reached the server is not sent again (a connect failure is always retryable).
struct RequestStateMachine {
    enum Action {
        case filterRequest(HTTPRequest)
        case execute(HTTPRequest)
        case filterResponse(HTTPResponse)
        /// Ask the retry policy (or handler) about `failure`, for retry number `retry`.
        case decide(AttemptFailure, retry: Int)
        case wait(seconds: Double, request: HTTPRequest)
        case succeed(HTTPResponse)
        case fail(NetworkError)
    }

    enum State {
        case idle
        case filteringRequest(HTTPRequest)
        case executing(HTTPRequest)
        case filteringResponse(HTTPResponse)
        case deciding(AttemptFailure)
        case waiting(HTTPRequest)
        case finished
    }

    private(set) var state: State = .idle
    /// The current attempt, 1 for the first.
    private(set) var attempt = 0
    /// The most recent form of the request.
    private(set) var current: HTTPRequest

    /// Redirects followed so far.
    private(set) var redirects = 0
    let redirectRule: RedirectRule

    init(request: HTTPRequest, redirects: RedirectRule = RedirectRule()) {
        current = request
        redirectRule = redirects
    }

    mutating func start() -> Action {
        attempt = 1
        state = .filteringRequest(current)
        return .filterRequest(current)
    }

    mutating func requestFiltered(_ request: HTTPRequest) -> Action {
        current = request
        state = .executing(request)
        return .execute(request)
    }

    mutating func requestFilterFailed(_ error: FilterError) -> Action {
        failed(AttemptFailure(cause: .filter(error), request: current))
    }

    mutating func received(_ response: HTTPResponse) -> Action {
        if response.isSuccess {
            var response = response
            response.redirects = redirects
            state = .filteringResponse(response)
            return .filterResponse(response)
        }
        switch redirectRule.follow(response, of: current, hops: redirects) {
        case .notRedirect:
            break
        case .follow(let next):
            // Each hop goes through the request filters and is logged as its own exchange.
            redirects += 1
            current = next
            state = .filteringRequest(next)
            return .filterRequest(next)
        case .fail(let why):
            state = .finished
            return .fail(NetworkError(.redirect(why), request: current, attempts: attempt, response: response))
        }
        return failed(AttemptFailure(cause: .status(response.status), request: current, response: response))
    }

    mutating func transportFailed(_ error: TransportError, timeout: Double) -> Action {
        let failure = AttemptFailure(cause: .transport(error), request: current)
        if error.isLasting { return finish(failure, timeout: timeout, note: nil) }   // never heals
        if !error.isConnectFailure && !current.isIdempotent {
            return finish(failure, timeout: timeout,
                          note: "not sent again: \(current.method) is not idempotent and may have reached the server")
        }
        return failed(failure, timeout: timeout)
    }

    mutating func responseFiltered(_ response: HTTPResponse) -> Action {
        state = .finished
        return .succeed(response)
    }

    mutating func responseFilterFailed(_ error: FilterError, response: HTTPResponse) -> Action {
        failed(AttemptFailure(cause: .filter(error), request: current, response: response))
    }

    /// The policy's or handler's answer.
    mutating func decided(_ decision: RetryDecision, byHandler: Bool) -> Action {
        guard case .deciding(let failure) = state else { return .fail(NetworkError(.cancelled, request: current)) }
        switch decision {
        case .retry(let seconds, let request):
            state = .waiting(request)
            return .wait(seconds: max(0, seconds), request: request)
        case .abort:
            return finish(failure, timeout: 0, note: byHandler ? "the retry handler aborted" : nil)
        }
    }

    mutating func retryHandlerTimedOut(seconds: Double) -> Action {
        state = .finished
        return .fail(NetworkError(.retryHandlerTimedOut(seconds: seconds), request: current, attempts: attempt))
    }

    mutating func waited() -> Action {
        guard case .waiting(let request) = state else { return .fail(NetworkError(.cancelled, request: current)) }
        attempt += 1
        current = request
        state = .filteringRequest(request)
        return .filterRequest(request)
    }

    mutating func cancelled() -> Action {
        state = .finished
        return .fail(NetworkError(.cancelled, request: current, attempts: attempt))
    }

    private var lastTimeout: Double = 0

    private mutating func failed(_ failure: AttemptFailure, timeout: Double = 0) -> Action {
        lastTimeout = timeout
        if case .filter(let error) = failure.cause, error.isFatal {
            return finish(failure, timeout: timeout, note: nil)
        }
        state = .deciding(failure)
        return .decide(failure, retry: attempt)
    }

    private mutating func finish(_ failure: AttemptFailure, timeout: Double, note: String?) -> Action {
        state = .finished
        let reason: NetworkError.Reason
        switch failure.cause {
        case .status(let code):
            reason = .status(code, failure.response.flatMap { Self.serverMessage($0.body) })
        case .transport(let error):
            let seconds = timeout > 0 ? timeout : lastTimeout
            if let cap = error.exceededCap { reason = .tooLarge(cap: cap); break }
            reason = error.isTimeout && seconds > 0 ? .timedOut(seconds: seconds) : .transport(error.message)
        case .filter(let error):
            reason = .filter(error.message)
        }
        return .fail(NetworkError(reason, request: failure.request, attempts: attempt,
                                  response: failure.response, note: note))
    }

    /// The message of an `{"error":{"message":"..."}}` body, shortened.
    static func serverMessage(_ body: Data) -> String? {
        guard !body.isEmpty, body.count < 64 << 10,
              let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
              let error = object["error"] as? [String: Any],
              let message = error["message"] as? String, !message.isEmpty else { return nil }
        return String(message.prefix(200))
    }
}
