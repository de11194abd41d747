import DemoBackend
import Foundation
import Testing
@testable import Networking

/// The pipeline against the real demo backend (in-process, port 0) and its fault injection,
/// over the real async-http-client transport and real time.
@Suite struct DemoBackendIntegrationTests {
    struct Demo {
        let server: DemoServer
        let pipeline: NetworkPipeline
        let token: String

        static func start() async throws -> Demo {
            var configuration = DemoConfiguration()
            configuration.generatedEventCount = 50
            configuration.resourcesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Resources")
            let server = try await DemoServer.start(configuration)
            let pipeline = NetworkPipeline()
            let response = try await pipeline.send(signIn(server.baseURL))
            let json = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
            let token = try #require(json?["accessToken"] as? String)
            await server.clearRequestLog()
            return Demo(server: server, pipeline: pipeline, token: token)
        }

        func events() -> HTTPRequest {
            var components = URLComponents(url: server.baseURL.appendingPathComponent("v1/events"),
                                           resolvingAgainstBaseURL: false)!
            components.queryItems = [URLQueryItem(name: "limit", value: "5")]
            return HTTPRequest(kind: .apiEvents, url: components.url!,
                               headers: [("Authorization", "Bearer \(token)")])
        }

        func requests(to path: String) async -> [DemoRequestRecord] {
            await server.requestLog().filter { $0.path == path }
        }
    }

    static func signIn(_ base: URL) -> HTTPRequest {
        let body = #"{"email":"\#(DemoAccount.email)","password":"\#(DemoAccount.password)"}"#
        return HTTPRequest(kind: .apiAuth, method: "POST", url: base.appendingPathComponent("v1/auth/sign-in"),
                           headers: [("Content-Type", "application/json")], body: Data(body.utf8))
    }

    @Test func a503BurstOfTwoHealsWithThreeRequests() async throws {
        let demo = try await Demo.start()
        await demo.server.faults.failNext(2, status: 503, pathPrefix: "/v1/events")
        let response = try await demo.pipeline.send(demo.events())
        #expect(response.status == 200)
        #expect(response.timing.attempts == 3)
        #expect(await demo.requests(to: "/v1/events").map(\.status) == [503, 503, 200])
        #expect(demo.pipeline.requestLog.snapshot().suffix(3).map(\.status) == [503, 503, 200])
        await demo.server.stop()
    }

    @Test func a503BurstOfTenFailsAfterFourAttemptsNamingTheStatus() async throws {
        let demo = try await Demo.start()
        await demo.server.faults.failNext(10, status: 503, pathPrefix: "/v1/events")
        let error = await failure { try await demo.pipeline.send(demo.events()) }
        #expect(error?.status == 503)
        #expect(error?.attempts == 4)
        #expect(error?.description.contains("answered HTTP 503") == true)
        #expect(error?.description.contains("after 4 attempts") == true)
        #expect(await demo.requests(to: "/v1/events").count == 4)
        await demo.server.stop()
    }

    @Test func aDroppedConnectionOnAGetIsRetried() async throws {
        let demo = try await Demo.start()
        await demo.server.faults.dropConnection(pathPrefix: "/v1/events", times: 1)
        let response = try await demo.pipeline.send(demo.events())
        #expect(response.status == 200)
        #expect(response.timing.attempts == 2)
        #expect(await demo.requests(to: "/v1/events").count == 2)
        await demo.server.stop()
    }

    @Test func aDroppedConnectionOnSignInIsNotReplayed() async throws {
        let demo = try await Demo.start()
        await demo.server.faults.dropConnection(pathPrefix: "/v1/auth/sign-in", times: 1)
        let error = await failure { try await demo.pipeline.send(Self.signIn(demo.server.baseURL)) }
        #expect(error?.isTransport == true)
        #expect(error?.attempts == 1)
        #expect(error?.description.contains("not idempotent") == true)
        #expect(await demo.requests(to: "/v1/auth/sign-in").count == 1)
        await demo.server.stop()
    }

    @Test func earlyRetryFiresOnAnotherSuccessToTheSameHost() async throws {
        let started = try await Demo.start()
        // Time that never moves: only early retry can end the wait.
        let demo = Demo(server: started.server, pipeline: NetworkPipeline(sleeper: ManualSleeper()), token: started.token)
        await demo.server.faults.failNext(1, status: 503, pathPrefix: "/v1/events")
        let first = Task { try await demo.pipeline.send(demo.events()) }
        for _ in 0..<5_000 where demo.pipeline.pendingRetries(host: demo.events().hostKey) == 0 {
            try await Task.sleep(for: .milliseconds(2))
        }
        var tokens = demo.events()
        tokens.kind = .apiTokens
        tokens.url = demo.server.baseURL.appendingPathComponent("v1/events/tokens")
        _ = try await demo.pipeline.send(tokens)
        let response = try await first.value
        #expect(response.timing.attempts == 2)
        #expect(await demo.requests(to: "/v1/events").map(\.status) == [503, 200])
        await demo.server.stop()
    }

    @Test func aRefusedConnectIsRetriedEvenForAPost() async throws {
        // Nothing listens on port 1: the request never reaches a server, so replaying it is safe.
        // (async-http-client keeps retrying a refused connect until the connect timeout.)
        let sleeper = InstantSleeper()
        var configuration = NetworkConfiguration()
        configuration.setTimeouts(connect: 0.3)
        let pipeline = NetworkPipeline(configuration: configuration, sleeper: sleeper)
        let post = HTTPRequest(kind: .apiAuth, method: "POST", url: URL(string: "http://127.0.0.1:1/v1/auth/sign-in")!)
        let error = await failure { try await pipeline.send(post) }
        #expect(error?.isTransport == true)
        #expect(error?.attempts == 4)
        #expect(error?.description.hasPrefix("cannot reach 127.0.0.1:1/v1/auth/sign-in") == true)
        #expect(sleeper.delays.count == 3)
    }
}
