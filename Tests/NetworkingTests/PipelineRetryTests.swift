import Foundation
import Testing
@testable import Networking

@Suite struct PipelineRetryTests {
    @Test func defaultPolicyWaitsTheDelayTableAndNamesTheStatus() async throws {
        let transport = ScriptedTransport(Array(repeating: .status(503), count: 10))
        let sleeper = InstantSleeper()
        let pipeline = NetworkPipeline(transport: transport, sleeper: sleeper)
        let error = await failure { try await pipeline.send(request()) }
        #expect(transport.requests.count == 4)
        #expect(sleeper.delays.map { ($0 * 1000).rounded() / 1000 } == [1.284, 1.649, 2.117])
        #expect(error?.status == 503)
        #expect(error?.attempts == 4)
        #expect(error?.description == "api.test/r answered HTTP 503 after 4 attempts")
    }

    @Test func burstThatHeals() async throws {
        let transport = ScriptedTransport([.status(503), .status(502)])
        let pipeline = NetworkPipeline(transport: transport, sleeper: InstantSleeper())
        let response = try await pipeline.send(request())
        #expect(response.status == 200)
        #expect(response.timing.attempts == 3)
    }

    @Test func retryAfterIsWaited() async throws {
        let transport = ScriptedTransport([.status(429, headers: [("Retry-After", "4")]), .status(503, headers: [("Retry-After", "999")])])
        let sleeper = InstantSleeper()
        let pipeline = NetworkPipeline(transport: transport, sleeper: sleeper)
        _ = try await pipeline.send(request())
        #expect(sleeper.delays == [4, 30])
    }

    @Test(arguments: [400, 401, 403, 404])
    func apiErrorsThatCannotHealAreTriedOnce(status: Int) async throws {
        let transport = ScriptedTransport([.status(status), .status(200)])
        let pipeline = NetworkPipeline(transport: transport, sleeper: InstantSleeper())
        let error = await failure { try await pipeline.send(request(kind: .apiEvents)) }
        #expect(error?.status == status)
        #expect(transport.requests.count == 1)
    }

    @Test func brokenConnectionIsRetriedForGetButNotForPost() async throws {
        let get = ScriptedTransport([.fail(dropped)])
        _ = try await NetworkPipeline(transport: get, sleeper: InstantSleeper()).send(request())
        #expect(get.requests.count == 2)

        let post = ScriptedTransport(["/v1/auth/sign-in": [.fail(dropped)]])
        let error = await failure {
            try await NetworkPipeline(transport: post, sleeper: InstantSleeper())
                .send(request("/v1/auth/sign-in", kind: .apiAuth, method: "POST"))
        }
        #expect(post.requests.count == 1)
        #expect(error?.isTransport == true)
        #expect(error?.description.contains("POST is not idempotent and may have reached the server") == true)
    }

    @Test func connectFailureIsRetriedEvenForPost() async throws {
        let transport = ScriptedTransport([.fail(refused)])
        let response = try await NetworkPipeline(transport: transport, sleeper: InstantSleeper())
            .send(request(method: "POST"))
        #expect(response.timing.attempts == 2)
    }

    @Test func postMarkedIdempotentIsRetried() async throws {
        let transport = ScriptedTransport([.fail(dropped)])
        var post = request(method: "POST")
        post.isIdempotent = true
        let response = try await NetworkPipeline(transport: transport, sleeper: InstantSleeper()).send(post)
        #expect(response.timing.attempts == 2)
    }

    @Test func cancellationDuringTheTransportIsImmediate() async throws {
        let transport = ScriptedTransport([.hang])
        let pipeline = NetworkPipeline(transport: transport, sleeper: InstantSleeper())
        let task = Task { await failure { try await pipeline.send(request()) } }
        await transport.waitForRequests(1)
        task.cancel()
        let error = await task.value
        #expect(error?.isCancelled == true)
        #expect(error?.description == "request to api.test/r was cancelled")
    }

    @Test func cancellationDuringARetryWaitIsImmediate() async throws {
        let sleeper = ManualSleeper()                       // never advanced: the wait would last forever
        let transport = ScriptedTransport([.status(503)])
        let pipeline = NetworkPipeline(transport: transport, sleeper: sleeper)
        let task = Task { await failure { try await pipeline.send(request()) } }
        await sleeper.waitForSleepers(1)
        task.cancel()
        let error = await task.value
        #expect(error?.isCancelled == true)
        #expect(sleeper.pending == 0)
        #expect(pipeline.pendingRetries(host: "api.test") == 0)
        #expect(transport.requests.count == 1)
    }

    @Test func cancellationWhileTheRetryHandlerThinks() async throws {
        let config = NetworkConfig(retryHttpRequest: { _, _, _, _, _ in })
        let sleeper = ManualSleeper()
        let pipeline = NetworkPipeline(transport: ScriptedTransport([.status(503)]), config: config, sleeper: sleeper)
        let task = Task { await failure { try await pipeline.send(request()) } }
        await sleeper.waitForSleepers(1)                    // the handler's 20 s deadline is running
        task.cancel()
        #expect(await task.value?.isCancelled == true)
    }

    @Test func anotherSuccessToTheSameHostFiresThePendingRetry() async throws {
        let sleeper = ManualSleeper()                       // never advanced: only early retry can end the wait
        let transport = ScriptedTransport(["/a": [.status(503)], "/b": []])
        let pipeline = NetworkPipeline(transport: transport, sleeper: sleeper)
        let first = Task { try await pipeline.send(request("/a")) }
        await sleeper.waitForSleepers(1)
        #expect(pipeline.pendingRetries(host: "api.test") == 1)
        _ = try await pipeline.send(request("/b"))         // same host, succeeds
        let response = try await first.value
        #expect(response.timing.attempts == 2)
        #expect(transport.requests.map(\.url.path) == ["/a", "/b", "/a"])
    }

    @Test func successOnAnotherHostDoesNotFireIt() async throws {
        let sleeper = ManualSleeper()
        let transport = ScriptedTransport(["/a": [.status(503)], "/b": []])
        let pipeline = NetworkPipeline(transport: transport, sleeper: sleeper)
        let first = Task { try await pipeline.send(request("/a")) }
        await sleeper.waitForSleepers(1)
        _ = try await pipeline.send(request("/b", host: "other.test"))
        #expect(pipeline.pendingRetries(host: "api.test") == 1)
        sleeper.advance(by: 2)                              // the delay (1.284 s) passes
        _ = try await first.value
        #expect(transport.requests.count == 3)
    }

    @Test func aFailedConnectTurningSuccessfulFiresThePendingRetry() async throws {
        let sleeper = ManualSleeper()
        let transport = ScriptedTransport(["/a": [.fail(refused)], "/b": [.status(404)]])
        let pipeline = NetworkPipeline(transport: transport, sleeper: sleeper)
        let first = Task { try await pipeline.send(request("/a")) }
        await sleeper.waitForSleepers(1)
        _ = await failure { try await pipeline.send(request("/b")) }   // a 404, but the host answers again
        let response = try await first.value
        #expect(response.timing.attempts == 2)
    }
}
