import Foundation
import Testing
@testable import Networking

@Suite struct RetryPolicyTests {
    @Test(arguments: [(1, 1.284), (2, 1.649), (3, 2.117), (4, 2.718), (5, 3.490), (6, 4.482), (7, 5.0), (12, 5.0)])
    func defaultDelayTable(retry: Int, seconds: Double) {
        #expect(abs(RetryPolicy().delay(forRetry: retry) - seconds) < 0.0005)
    }

    @Test func threeRetriesThenAbort() {
        let policy = RetryPolicy()
        let failure = AttemptFailure(cause: .status(503), request: request(),
                                     response: HTTPResponse(status: 503, request: request()))
        for retry in 1...3 {
            #expect(policy.decide(failure, retry: retry) == .retry(after: policy.delay(forRetry: retry), request: request()))
        }
        #expect(policy.decide(failure, retry: 4) == .abort)
    }

    @Test(arguments: [400, 401, 403, 404, 405, 410, 422, 301, 501])
    func statusesThatCannotHealAreNotRetried(status: Int) {
        let failure = AttemptFailure(cause: .status(status), request: request(),
                                     response: HTTPResponse(status: status, request: request()))
        #expect(RetryPolicy().decide(failure, retry: 1) == .abort)
    }

    @Test(arguments: [408, 429, 500, 502, 503, 504])
    func statusesThatMayHealAreRetried(status: Int) {
        let failure = AttemptFailure(cause: .status(status), request: request(),
                                     response: HTTPResponse(status: status, request: request()))
        #expect(RetryPolicy().decide(failure, retry: 1) != .abort)
    }

    @Test func retryAfterIsHonouredOn429And503AndCapped() {
        func decide(_ status: Int, _ retryAfter: String) -> RetryDecision {
            let response = HTTPResponse(status: status, headers: [("Retry-After", retryAfter)], request: request())
            return RetryPolicy().decide(AttemptFailure(cause: .status(status), request: request(), response: response), retry: 1)
        }
        #expect(decide(503, "7") == .retry(after: 7, request: request()))
        #expect(decide(429, "2") == .retry(after: 2, request: request()))
        #expect(decide(429, "3600") == .retry(after: 30, request: request()))          // capped
        #expect(decide(500, "7") == .retry(after: RetryPolicy().delay(forRetry: 1), request: request()))
        #expect(decide(503, "soon") == .retry(after: RetryPolicy().delay(forRetry: 1), request: request()))
    }

    @Test func retryAfterAsHTTPDate() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let date = formatter.string(from: Date().addingTimeInterval(3600))
        let response = HTTPResponse(status: 503, headers: [("Retry-After", date)], request: request())
        let failure = AttemptFailure(cause: .status(503), request: request(), response: response)
        #expect((failure.retryAfter ?? 0) > 3500)
        #expect(RetryPolicy().decide(failure, retry: 1) == .retry(after: 30, request: request()))
    }

    @Test func fatalFilterErrorsAreNotRetried() {
        let fatal = AttemptFailure(cause: .filter(FilterError("bad", isFatal: true)), request: request())
        let passing = AttemptFailure(cause: .filter(FilterError("busy")), request: request())
        #expect(RetryPolicy().decide(fatal, retry: 1) == .abort)
        #expect(RetryPolicy().decide(passing, retry: 1) != .abort)
    }

    @Test func customBaseAndCap() {
        let policy = RetryPolicy(maxRetries: 5, base: 0.5, cap: 2)
        #expect(abs(policy.delay(forRetry: 1) - 1.6487) < 0.001)
        #expect(policy.delay(forRetry: 2) == 2)
    }
}

@Suite struct RequestStateMachineTests {
    @Test func statusFailureAsksForRetryThenRunsFiltersAgain() {
        var machine = RequestStateMachine(request: request())
        guard case .filterRequest = machine.start() else { Issue.record("start"); return }
        guard case .execute = machine.requestFiltered(request()) else { Issue.record("execute"); return }
        guard case .decide(_, let retry) = machine.received(HTTPResponse(status: 503, request: request())) else {
            Issue.record("decide"); return
        }
        #expect(retry == 1)
        guard case .wait(let seconds, _) = machine.decided(.retry(after: 1.5, request: request()), byHandler: false) else {
            Issue.record("wait"); return
        }
        #expect(seconds == 1.5)
        guard case .filterRequest = machine.waited() else { Issue.record("filter again"); return }
        #expect(machine.attempt == 2)
    }

    @Test func brokenConnectionOnPostFailsWithoutAskingThePolicy() {
        var machine = RequestStateMachine(request: request(method: "POST"))
        _ = machine.start()
        _ = machine.requestFiltered(request(method: "POST"))
        guard case .fail(let error) = machine.transportFailed(dropped, timeout: 30) else { Issue.record("fail"); return }
        #expect(error.isTransport)
        #expect(error.description.contains("not idempotent"))
    }

    @Test func connectFailureOnPostIsRetryable() {
        var machine = RequestStateMachine(request: request(method: "POST"))
        _ = machine.start()
        _ = machine.requestFiltered(request(method: "POST"))
        guard case .decide = machine.transportFailed(refused, timeout: 30) else { Issue.record("decide"); return }
    }

    @Test func abortReportsTheLastFailure() {
        var machine = RequestStateMachine(request: request())
        _ = machine.start()
        _ = machine.requestFiltered(request())
        let body = Data(#"{"error":{"code":"busy","message":"try later"}}"#.utf8)
        _ = machine.received(HTTPResponse(status: 503, body: body, request: request()))
        guard case .fail(let error) = machine.decided(.abort, byHandler: false) else { Issue.record("fail"); return }
        #expect(error.status == 503)
        #expect(error.description == "api.test/r answered HTTP 503: try later")
    }
}
