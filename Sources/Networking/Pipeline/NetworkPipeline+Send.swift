import Foundation
import Logging
import SystemSupport

extension NetworkPipeline {
    /// Sends `request`; returns a 2xx response (after response filters) or throws ``NetworkError``.
    ///
    /// Cancelling the calling task ends the request at once, whatever it is waiting for
    /// (a filter, the transport, a retry delay, a retry handler); the error's `isCancelled` is true.
    ///
    /// ```swift
    /// let response = try await pipeline.send(HTTPRequest(kind: .apiTokens, url: tokensURL))
    /// ```
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let transport = self.transport
        return try await perform(request) { request, timeouts in
            (try await transport.execute(request, timeouts: timeouts), nil)
        }.response
    }

    /// One attempt's outcome: the response (whole, or its head) and the body still to read.
    typealias Attempt = @Sendable (HTTPRequest, RequestTimeouts) async throws -> (HTTPResponse, HTTPBodyStream?)

    /// The request's life (filters, attempts, retry decisions, waits) around `attempt`.
    func perform(_ request: HTTPRequest, attempt run: Attempt) async throws -> (response: HTTPResponse, body: HTTPBodyStream?) {
        let (filters, retryHandler) = registry.withLock { ($0, $0.retryHandler) }
        var body: HTTPBodyStream?
        defer { if Task.isCancelled { body?.close() } }
        let started = ContinuousClock.now
        let startDate = Date()
        var machine = RequestStateMachine(request: request, redirects: configuration.redirects)
        var action = machine.start()
        var delay = 0.0
        var waited = 0.0
        var attemptMilliseconds = 0.0
        var timeout = 0.0

        while true {
            if Task.isCancelled, !action.isFinal { action = machine.cancelled() }
            switch action {
            case .filterRequest(let request):
                do {
                    action = machine.requestFiltered(try await runRequestFilters(filters.requestFilters, on: request))
                } catch {
                    action = Task.isCancelled || error is CancellationError
                        ? machine.cancelled() : machine.requestFilterFailed(Self.filterError(error))
                    if case .fail(let failure) = action, failure.isCancelled {} else {
                        log(request, attempt: machine.attempt, delay: delay, error: error)
                    }
                }

            case .execute(let request):
                let timeouts = configuration.timeouts(for: request.kind)
                timeout = timeouts.request
                let attemptStart = ContinuousClock.now
                do {
                    let (response, stream) = try await run(request, timeouts)
                    attemptMilliseconds = (ContinuousClock.now - attemptStart).milliseconds
                    board.responded(host: request.hostKey, success: response.isSuccess)
                    if let stream, response.isSuccess {
                        body = stream
                        logWhenRead(stream, request: request, attempt: machine.attempt, delay: delay, start: attemptStart,
                                    response: response)
                    } else {
                        log(request, attempt: machine.attempt, delay: delay, ms: attemptMilliseconds, response: response)
                    }
                    action = machine.received(response)
                } catch {
                    attemptMilliseconds = (ContinuousClock.now - attemptStart).milliseconds
                    if Task.isCancelled || error is CancellationError {
                        action = machine.cancelled()
                    } else {
                        let failure = error as? TransportError ?? TransportError(message: String(describing: error))
                        if failure.isConnectFailure { board.connectFailed(host: request.hostKey) }
                        log(request, attempt: machine.attempt, delay: delay, ms: attemptMilliseconds, error: failure)
                        action = machine.transportFailed(failure, timeout: timeout)
                    }
                }

            case .filterResponse(let response):
                do {
                    action = machine.responseFiltered(try await runResponseFilters(filters.responseFilters, on: response))
                } catch {
                    action = Task.isCancelled || error is CancellationError
                        ? machine.cancelled() : machine.responseFilterFailed(Self.filterError(error), response: response)
                }

            case .decide(let failure, let retry):
                body?.close()
                body = nil
                if let retryHandler {
                    action = await askRetryHandler(retryHandler, failure: failure, retry: retry, machine: &machine)
                } else {
                    action = machine.decided(configuration.retry.decide(failure, retry: retry), byHandler: false)
                }

            case .wait(let seconds, let request):
                let waitStart = ContinuousClock.now
                do {
                    try await waitForRetry(seconds: seconds, host: request.hostKey)
                    delay = (ContinuousClock.now - waitStart).milliseconds / 1000
                    waited += delay * 1000
                    action = machine.waited()
                } catch {
                    action = machine.cancelled()
                }

            case .succeed(var response):
                response.timing = HTTPResponse.Timing(
                    attemptMilliseconds: attemptMilliseconds,
                    totalMilliseconds: (ContinuousClock.now - started).milliseconds,
                    attempts: machine.attempt, waitedMilliseconds: waited, startedAt: startDate)
                return (response, body)

            case .fail(let error):
                body?.close()
                if error.isCancelled {
                    logger.debug("\(error.description)")
                } else {
                    logger.notice("request failed: \(error.description)")
                }
                throw error
            }
        }
    }

    func runRequestFilters(_ filters: [any RequestFilter], on request: HTTPRequest) async throws -> HTTPRequest {
        var request = request
        for (name, value) in configuration.headers(for: request.kind) { request.headers[name] = value }
        for filter in filters {
            request = try await filter.filter(request: request)
            try Task.checkCancellation()
        }
        return request
    }

    func runResponseFilters(_ filters: [any ResponseFilter], on response: HTTPResponse) async throws -> HTTPResponse {
        var response = response
        for filter in filters {
            response = try await filter.filter(response: response)
            try Task.checkCancellation()
        }
        return response
    }

    static func filterError(_ error: any Error) -> FilterError {
        error as? FilterError ?? FilterError(Redactor.shared.redact(String(describing: error)))
    }
}

extension RequestStateMachine.Action {
    var isFinal: Bool {
        switch self {
        case .succeed, .fail: return true
        default: return false
        }
    }
}
