import Foundation
import Testing
@testable import Networking

/// A request filter that records its name, optionally waits, and sets a header.
struct NamedFilter: NetworkFilter {
    let name: String
    let recorder: Recorder
    var pause: Duration? = nil

    func filter(request: HTTPRequest) async throws -> HTTPRequest {
        if let pause { try await Task.sleep(for: pause) }
        await recorder.add("request \(name)")
        var request = request
        request.headers["X-Chain"] = (request.headers["X-Chain"].map { $0 + "," } ?? "") + name
        return request
    }

    func filter(response: HTTPResponse) async throws -> HTTPResponse {
        if let pause { try await Task.sleep(for: pause) }
        await recorder.add("response \(name)")
        var response = response
        response.body.append(Data(name.utf8))
        return response
    }
}

struct FailingRequestFilter: RequestFilter {
    let error: FilterError
    let failures: Int
    let counter: Recorder

    func filter(request: HTTPRequest) async throws -> HTTPRequest {
        await counter.add("called")
        if await counter.entries.count <= failures { throw error }
        return request
    }
}

@Suite struct FilterTests {
    @Test func filtersRunInRegistrationOrderSequentially() async throws {
        let recorder = Recorder()
        let transport = ScriptedTransport()
        let pipeline = NetworkPipeline(transport: transport, sleeper: InstantSleeper())
        // The first filter is the slowest: sequential running still keeps the order.
        pipeline.add(filter: NamedFilter(name: "a", recorder: recorder, pause: .milliseconds(30)))
        pipeline.add(filter: NamedFilter(name: "b", recorder: recorder, pause: .milliseconds(10)))
        pipeline.add(filter: NamedFilter(name: "c", recorder: recorder))
        let response = try await pipeline.send(request())
        #expect(await recorder.entries == [
            "request a", "request b", "request c", "response a", "response b", "response c",
        ])
        #expect(transport.requests.first?.headers["X-Chain"] == "a,b,c")
        #expect(String(decoding: response.body, as: UTF8.self) == "okabc")
    }

    @Test func asyncFilterModifiesTheRequest() async throws {
        struct Rewrite: RequestFilter {
            func filter(request: HTTPRequest) async throws -> HTTPRequest {
                try await Task.sleep(for: .milliseconds(5))
                var request = request
                request.url = URL(string: "http://api.test/other")!
                request.headers["Authorization"] = "Bearer t"
                return request
            }
        }
        let transport = ScriptedTransport()
        let pipeline = NetworkPipeline(transport: transport, sleeper: InstantSleeper())
        pipeline.add(requestFilter: Rewrite())
        let response = try await pipeline.send(request())
        #expect(transport.requests.map(\.url.path) == ["/other"])
        #expect(response.request.headers["authorization"] == "Bearer t")
    }

    @Test func nonFatalFilterErrorGoesToTheRetryPolicy() async throws {
        let counter = Recorder()
        let transport = ScriptedTransport()
        let sleeper = InstantSleeper()
        let pipeline = NetworkPipeline(transport: transport, sleeper: sleeper)
        pipeline.add(requestFilter: FailingRequestFilter(error: FilterError("token service busy"), failures: 1, counter: counter))
        let response = try await pipeline.send(request())
        #expect(response.timing.attempts == 2)
        #expect(sleeper.delays.count == 1)
        #expect(transport.requests.count == 1)
    }

    @Test func fatalFilterErrorFailsAtOnce() async throws {
        let counter = Recorder()
        let transport = ScriptedTransport()
        let pipeline = NetworkPipeline(transport: transport, sleeper: InstantSleeper())
        pipeline.add(requestFilter: FailingRequestFilter(
            error: FilterError("no token for bucket 365-days", isFatal: true), failures: 10, counter: counter))
        let error = await failure { try await pipeline.send(request()) }
        #expect(error?.isFilterFailure == true)
        #expect(error?.attempts == 1)
        #expect(error?.description.contains("no token for bucket 365-days") == true)
        #expect(transport.requests.isEmpty)
    }

    @Test func responseNotUnderstoodIsNeverRetried() async throws {
        struct RequireJSON: ResponseFilter {
            func filter(response: HTTPResponse) async throws -> HTTPResponse {
                throw FilterError.notUnderstood("expected JSON")
            }
        }
        let transport = ScriptedTransport()
        let pipeline = NetworkPipeline(transport: transport, sleeper: InstantSleeper())
        pipeline.add(responseFilter: RequireJSON())
        let error = await failure { try await pipeline.send(request()) }
        #expect(error?.isFilterFailure == true)
        #expect(error?.description.contains("not understood") == true)
        #expect(transport.requests.count == 1)
    }

    @Test func closureFaceRunsAsFiltersAfterEarlierOnes() async throws {
        let recorder = Recorder()
        let transport = ScriptedTransport()
        let pipeline = NetworkPipeline(transport: transport, sleeper: InstantSleeper())
        pipeline.add(requestFilter: NamedFilter(name: "a", recorder: recorder))
        var config = NetworkConfig()
        config.preprocessHttpRequest = { kind, request, completion in
            var request = request
            request.headers["X-Kind"] = kind.rawValue
            let changed = request
            DispatchQueue.global().async { completion(changed) }   // answers later, on another thread
        }
        config.preprocessHttpResponse = { _, response, completion in
            var response = response
            response.headers["X-Seen"] = "yes"
            completion(response)
        }
        pipeline.apply(config)
        let response = try await pipeline.send(request(kind: .manifestHlsVariant))
        #expect(transport.requests.first?.headers["X-Kind"] == "manifestHlsVariant")
        #expect(transport.requests.first?.headers["X-Chain"] == "a")
        #expect(response.headers["X-Seen"] == "yes")
    }

    @Test func closureThatNeverCompletesFailsAfterTheHandlerTimeout() async throws {
        let sleeper = ManualSleeper()
        let transport = ScriptedTransport()
        let pipeline = NetworkPipeline(transport: transport, config: NetworkConfig(
            preprocessHttpRequest: { _, _, _ in }), sleeper: sleeper)
        let task = Task { await failure { try await pipeline.send(request()) } }
        await sleeper.waitForSleepers(1)
        sleeper.advance(by: 20)
        let error = await task.value
        #expect(error?.description.contains("did not call its completion handler within 20 s") == true)
        #expect(transport.requests.isEmpty)
    }

    @Test func configuredHeadersPerKindComeBeforeFilters() async throws {
        var configuration = NetworkConfiguration()
        try configuration.addHeader(flag: "User-Agent: eventplayer-test")
        try configuration.addHeader(flag: "mediaSegment:X-CDN: seg")
        let transport = ScriptedTransport(["/a.ts": [], "/r": []])
        let pipeline = NetworkPipeline(transport: transport, configuration: configuration, sleeper: InstantSleeper())
        _ = try await pipeline.send(request("/a.ts", kind: .mediaSegment))
        _ = try await pipeline.send(request())
        let sent = transport.requests
        #expect(sent[0].headers["User-Agent"] == "eventplayer-test")
        #expect(sent[0].headers["X-CDN"] == "seg")
        #expect(sent[1].headers["User-Agent"] == "eventplayer-test")
        #expect(sent[1].headers["X-CDN"] == nil)
        #expect(transport.timeouts[0] == RequestTimeouts(connect: 10, request: 60))
        #expect(transport.timeouts[1] == RequestTimeouts(connect: 10, request: 30))
    }
}
