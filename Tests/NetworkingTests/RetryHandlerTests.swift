import Foundation
import Synchronization
import SystemSupport
import Testing
@testable import Networking

/// What a custom retry handler was asked.
final class HandlerCalls: Sendable {
    private let calls = Mutex<[(kind: HTTPRequestKind, retry: Int, status: Int, failure: String?)]>([])
    func add(_ kind: HTTPRequestKind, _ retry: Int, _ response: HTTPResponse) {
        calls.withLock { $0.append((kind, retry, response.status, response.failure)) }
    }
    var all: [(kind: HTTPRequestKind, retry: Int, status: Int, failure: String?)] { calls.withLock { $0 } }
}

@Suite struct RetryHandlerTests {
    @Test func handlerRetriesWithAModifiedRequest() async throws {
        let calls = HandlerCalls()
        let transport = ScriptedTransport([.status(503), .status(200, body: "healed")])
        let sleeper = InstantSleeper()
        let config = NetworkConfig(retryHttpRequest: { kind, retry, response, retryHandler, _ in
            calls.add(kind, retry, response)
            var retried = response.request
            retried.headers["X-Retry"] = "\(retry)"
            retryHandler(0.5, retried)
        })
        let pipeline = NetworkPipeline(transport: transport, config: config, sleeper: sleeper)
        let response = try await pipeline.send(request(kind: .apiTokens))
        #expect(String(decoding: response.body, as: UTF8.self) == "healed")
        #expect(calls.all.map(\.retry) == [1])
        #expect(calls.all.first?.kind == .apiTokens)
        #expect(calls.all.first?.status == 503)
        #expect(transport.requests.map { $0.headers["X-Retry"] } == [nil, "1"])
        #expect(sleeper.delays.filter { $0 != 20 } == [0.5])   // 20: the handler's deadline
        #expect(response.timing.attempts == 2)
    }

    @Test func handlerReplacesTheDefaultEntirely() async throws {
        // 404 is never retried by default; a custom handler may decide otherwise.
        let transport = ScriptedTransport([.status(404), .status(404), .status(200)])
        let config = NetworkConfig(retryHttpRequest: { _, retry, response, retryHandler, abortHandler in
            retry <= 5 ? retryHandler(0, response.request) : abortHandler()
        })
        let pipeline = NetworkPipeline(transport: transport, config: config, sleeper: InstantSleeper())
        let response = try await pipeline.send(request(kind: .manifestHlsVariant))
        #expect(response.timing.attempts == 3)
    }

    @Test func handlerAborts() async throws {
        let transport = ScriptedTransport([.status(503), .status(200)])
        let config = NetworkConfig(retryHttpRequest: { _, _, _, _, abortHandler in abortHandler() })
        let pipeline = NetworkPipeline(transport: transport, config: config, sleeper: InstantSleeper())
        let error = await failure { try await pipeline.send(request()) }
        #expect(error?.status == 503)
        #expect(error?.attempts == 1)
        #expect(error?.description.contains("the retry handler aborted") == true)
        #expect(transport.requests.count == 1)
    }

    @Test func handlerGetsAStandInResponseForTransportErrors() async throws {
        let calls = HandlerCalls()
        let transport = ScriptedTransport([.fail(dropped), .status(200)])
        let config = NetworkConfig(retryHttpRequest: { kind, retry, response, retryHandler, _ in
            calls.add(kind, retry, response)
            retryHandler(0, response.request)
        })
        let pipeline = NetworkPipeline(transport: transport, config: config, sleeper: InstantSleeper())
        _ = try await pipeline.send(request())
        #expect(calls.all.first?.status == 0)
        #expect(calls.all.first?.failure == "connection closed by the server")
    }

    @Test func handlerThatNeverAnswersFailsAfter20SecondsOfInjectedTime() async throws {
        let sleeper = ManualSleeper()
        let transport = ScriptedTransport([.status(503)])
        let config = NetworkConfig(retryHttpRequest: { _, _, _, _, _ in })   // answers neither
        let pipeline = NetworkPipeline(transport: transport, config: config, sleeper: sleeper)
        let task = Task { await failure { try await pipeline.send(request()) } }
        await sleeper.waitForSleepers(1)
        #expect(sleeper.delays == [20])
        sleeper.advance(by: 19)
        #expect(sleeper.pending == 1)                      // not yet
        sleeper.advance(by: 1)
        let error = await task.value
        #expect(error?.isRetryHandlerTimeout == true)
        #expect(error?.description == "the retry handler for api.test/r answered neither retry nor abort within 20 s")
        #expect(transport.requests.count == 1)
    }

    @Test func lateAnswerAfterTheTimeoutIsIgnored() async throws {
        let sleeper = ManualSleeper()
        let saved = Locked<NetworkConfig.AbortHandler?>(nil)
        let config = NetworkConfig(retryHttpRequest: { _, _, _, _, abortHandler in saved.withLock { $0 = abortHandler } })
        let pipeline = NetworkPipeline(transport: ScriptedTransport([.status(500)]), config: config, sleeper: sleeper)
        let task = Task { await failure { try await pipeline.send(request()) } }
        await sleeper.waitForSleepers(1)
        sleeper.advance(by: 20)
        let error = await task.value
        saved.withLock { $0?() }                            // too late; must not crash
        #expect(error?.isRetryHandlerTimeout == true)
    }
}
