import DemoBackend
import Foundation
import Testing
@testable import Networking

/// Redirects are followed by the pipeline, hop by hop: bounded, each hop in the request log, the
/// response names its final URL, and the media token does not follow a redirect.
@Suite struct PipelineRedirectTests {
    static let base = URL(string: "http://origin.example/media/a/index.m3u8?Authorization=tok&q=1")!

    @Test func aRelativeRedirectIsFollowedAndEveryHopIsLogged() async throws {
        let transport = ScriptedTransport([
            "/media/a/index.m3u8": [.status(302, headers: [("Location", "/signed/a/index.m3u8?X-Signature=s")])],
            "/signed/a/index.m3u8": [.status(200, body: "#EXTM3U\n")],
        ])
        let pipeline = NetworkPipeline(transport: transport, sleeper: InstantSleeper())
        let response = try await pipeline.send(HTTPRequest(kind: .manifestHlsMaster, url: Self.base,
                                                           headers: [("Authorization", "tok")]))
        #expect(response.status == 200)
        #expect(response.finalURL.absoluteString == "http://origin.example/signed/a/index.m3u8?X-Signature=s")
        #expect(response.redirects == 1)
        #expect(pipeline.requestLog.snapshot().map(\.status) == [302, 200])
        #expect(pipeline.requestLog.snapshot().map(\.target) == ["origin.example/media/a/index.m3u8", "origin.example/signed/a/index.m3u8"])
        // A media request's token does not follow a redirect, even on the same origin.
        #expect(transport.requests[1].headers["Authorization"] == nil)
    }

    @Test func aCrossOriginRedirectDropsTheHeaderAndTheQueryItemWeSent() async throws {
        let transport = ScriptedTransport([
            "/media/a/index.m3u8": [.status(301, headers: [("Location", "https://storage.example/x?Authorization=tok&X-Signature=s")])],
            "/v1/events": [.status(307, headers: [("Location", "/v1/events/")])],
        ])
        let pipeline = NetworkPipeline(transport: transport, sleeper: InstantSleeper())
        let response = try await pipeline.send(HTTPRequest(kind: .mediaSegment, url: Self.base, headers: [("Authorization", "tok")]))
        #expect(response.finalURL.absoluteString == "https://storage.example/x?X-Signature=s")
        #expect(transport.requests[1].headers["Authorization"] == nil)
        // The API's bearer token stays on a same-origin redirect (as browsers and curl do).
        _ = try await pipeline.send(HTTPRequest(kind: .apiEvents, url: URL(string: "http://origin.example/v1/events")!,
                                                headers: [("Authorization", "Bearer b")]))
        #expect(transport.requests[3].url.absoluteString == "http://origin.example/v1/events/")
        #expect(transport.requests[3].headers["Authorization"] == "Bearer b")
    }

    @Test func redirectsAreBoundedWithANamedError() async throws {
        let loop: [ScriptedTransport.Step] = Array(repeating: .status(302, headers: [("Location", "/r")]), count: 20)
        let transport = ScriptedTransport(["/r": loop])
        let pipeline = NetworkPipeline(transport: transport, sleeper: InstantSleeper())
        do {
            _ = try await pipeline.send(HTTPRequest(kind: .mediaSegment, url: URL(string: "http://o.example/r")!))
            Issue.record("expected an error")
        } catch let error as NetworkError {
            #expect(error.redirectFailure == .tooMany(5))
            #expect(error.description == "o.example/r answered HTTP 302 and was not followed: too many redirects (more than 5)")
        }
        #expect(transport.requests.count == 6)
        #expect(pipeline.requestLog.snapshot().count == 6)
    }

    @Test func aRedirectToAnotherSchemeIsANamedError() async throws {
        let transport = ScriptedTransport(["/r": [.status(302, headers: [("Location", "file:///etc/passwd")])]])
        let pipeline = NetworkPipeline(transport: transport, sleeper: InstantSleeper())
        await #expect(throws: NetworkError.self) {
            _ = try await pipeline.send(HTTPRequest(kind: .manifestHlsMaster, url: URL(string: "http://o.example/r")!))
        }
        do {
            _ = try await pipeline.send(HTTPRequest(kind: .manifestHlsMaster, url: URL(string: "http://o.example/r2")!))
        } catch let error as NetworkError {
            #expect(error.redirectFailure == nil)   // no Location: the 200 "ok" default
        }
        let again = ScriptedTransport(["/r": [.status(302, headers: [("Location", "ftp://x.example/a")])]])
        do {
            _ = try await NetworkPipeline(transport: again).send(HTTPRequest(kind: .mediaSegment, url: URL(string: "http://o.example/r")!))
            Issue.record("expected an error")
        } catch let error as NetworkError {
            #expect(error.redirectFailure == .unsupportedScheme("ftp"))
            #expect(error.cause == "redirected to a ftp: URL; only http and https redirects are followed")
        }
        #expect(again.requests.count == 1)
    }

    /// The real transport does not follow redirects itself (the pipeline does), on both paths.
    @Test func theRealTransportHandsEveryHopToThePipelineOnBothPaths() async throws {
        let demo = try await DemoBackendIntegrationTests.Demo.start()
        defer { Task { await demo.server.stop() } }
        var tokensRequest = demo.events()
        tokensRequest.kind = .apiTokens
        tokensRequest.url = demo.server.baseURL.appendingPathComponent("v1/events/tokens")
        let json = try JSONSerialization.jsonObject(with: try await demo.pipeline.send(tokensRequest).body) as? [String: Any]
        let list = json?["tokens"] as? [[String: Any]] ?? []
        let token = try #require(list.first { $0["bucket"] as? String == "30-days" }?["token"] as? String)
        let url = demo.server.baseURL.appending(path: "media/30-days/evt-redirect-same/index.m3u8")
        let pipeline = NetworkPipeline()
        let collected = try await pipeline.send(HTTPRequest(kind: .manifestHlsMaster, url: url, headers: [("Authorization", token)]))
        #expect(collected.redirects == 1)
        #expect(collected.finalURL.path == "/presigned/evt-redirect-same/index.m3u8")
        let streamed = try await pipeline.stream(HTTPRequest(kind: .manifestHlsMaster, url: url, headers: [("Authorization", token)]))
        streamed.body.close()
        #expect(streamed.head.redirects == 1)
        #expect(streamed.head.finalURL.path == "/presigned/evt-redirect-same/index.m3u8")
        #expect(pipeline.requestLog.snapshot().map(\.status) == [302, 200, 302, 200])
        // The presigned path refuses a request carrying the token: none was sent to it.
        let presigned = await demo.server.requestLog().filter { $0.path.hasPrefix("/presigned/") }
        #expect(presigned.count == 2 && presigned.allSatisfy { $0.status == 200 }, "\(presigned)")
    }
}
