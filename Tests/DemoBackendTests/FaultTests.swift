import AsyncHTTPClient
import DemoBackend
import Foundation
import TestSupport
import Testing

@Suite("Fault injection")
struct FaultTests {
    @Test func failNextAnswers503WithRetryAfterThenRecovers() async throws {
        try await DemoHarness.with { demo in
            let access = try await demo.accessToken()
            await demo.server.faults.failNext(2, status: 503, retryAfter: 3, pathPrefix: "/v1/events")
            #expect(try await demo.signIn().status == 200, "other paths unaffected")
            for _ in 0..<2 {
                let answer = try await demo.get("/v1/events", bearer: access)
                #expect(answer.status == 503)
                #expect(answer.headers.first(name: "Retry-After") == "3")
                #expect(answer.errorCode == "service_unavailable")
            }
            #expect(try await demo.get("/v1/events", bearer: access).status == 200)
            let log = await demo.server.requestLog().filter { $0.path == "/v1/events" }
            #expect(log.map(\.status) == [503, 503, 200])
            #expect(log.first?.fault == "failNext 503")
        }
    }

    @Test func failPathOnceTimesOrAlways() async throws {
        try await DemoHarness.with { demo in
            let token = try await demo.mediaTokens(demo.accessToken())["30-days"]!
            let url = "/media/30-days/evt-endlist/segment1.ts?Authorization=\(token)"
            await demo.server.faults.failPath(containing: "segment1", times: 1)
            #expect(try await demo.get(url).status == 500)
            #expect(try await demo.get(url).status == 200)
            await demo.server.faults.failPath(containing: "segment1", status: 404, times: 2)
            #expect(try await demo.get(url).status == 404)
            #expect(try await demo.get(url).status == 404)
            #expect(try await demo.get(url).status == 200)
            await demo.server.faults.failPath(containing: "evt-endlist/", status: 502)
            for _ in 0..<4 {
                let answer = try await demo.get(url)
                #expect(answer.status == 502)
            }
            await demo.server.faults.reset()
            #expect(try await demo.get(url).status == 200)
        }
    }

    @Test func delayStillAnswers() async throws {
        try await DemoHarness.with { demo in
            await demo.server.faults.delay(seconds: 0.2, pathPrefix: "/v1/auth")
            let answer = try await demo.signIn()
            #expect(answer.status == 200)
            let log = await demo.server.requestLog()
            #expect(log.last?.fault == "delay 0.2s")
        }
    }

    @Test func dropConnectionCutsTheBodyShort() async throws {
        try await DemoHarness.with { demo in
            let token = try await demo.mediaTokens(demo.accessToken())["30-days"]!
            let url = "/media/30-days/evt-endlist/segment0.ts?Authorization=\(token)"
            let full = try await demo.get(url)
            await demo.server.faults.dropConnection(pathPrefix: "/media/", times: 1)
            var failed = false
            do {
                let answer = try await demo.get(url)
                failed = answer.body.count < full.body.count
            } catch {
                failed = true
            }
            #expect(failed, "the dropped request must not deliver the whole body")
            #expect(try await demo.get(url).body == full.body, "only once")
            #expect(await demo.server.requestLog().contains { $0.fault == "dropConnection" })
        }
    }

    @Test func malformedJSONIsUnparsable() async throws {
        try await DemoHarness.with { demo in
            let access = try await demo.accessToken()
            await demo.server.faults.malformedJSON(pathPrefix: "/v1/events", times: 1)
            let bad = try await demo.get("/v1/events", bearer: access)
            #expect(bad.status == 200)
            #expect(bad.contentType?.hasPrefix("application/json") == true)
            #expect((try? JSONSerialization.jsonObject(with: bad.body)) == nil)
            let good = try await demo.get("/v1/events", bearer: access)
            #expect((try? JSONSerialization.jsonObject(with: good.body)) != nil)
        }
    }

    @Test func expireAccessTokensForcesARefresh() async throws {
        try await DemoHarness.with { demo in
            let session = try await demo.signIn().json
            let access = session["accessToken"] as! String
            await demo.server.faults.expireAccessTokens()
            let answer = try await demo.get("/v1/events", bearer: access)
            #expect(answer.status == 401)
            #expect(answer.errorCode == "token_expired")
            let refreshed = try await demo.request(.POST, "/v1/auth/refresh", body: #"{"refreshToken":"\#(session["refreshToken"] as! String)"}"#)
            let fresh = try #require(refreshed.json["accessToken"] as? String)
            #expect(try await demo.get("/v1/events", bearer: fresh).status == 200)
        }
    }

    @Test func requestLogRecordsEveryRequestInOrderAndClears() async throws {
        try await DemoHarness.with { demo in
            _ = try await demo.get("/nowhere")
            _ = try await demo.signIn()
            let log = await demo.server.requestLog()
            #expect(log.map(\.path) == ["/nowhere", "/v1/auth/sign-in"])
            #expect(log.map(\.status) == [404, 200])
            #expect(log.map(\.method) == ["GET", "POST"])
            #expect(log.allSatisfy { $0.tokenSource == .none && $0.mediaToken == nil })
            await demo.server.clearRequestLog()
            #expect(await demo.server.requestLog().isEmpty)
        }
    }
}
