import DemoBackend
import Foundation
import TestSupport
import Testing

@Suite("Auth: sign-in, refresh, bearer checks")
struct AuthTests {
    @Test func signInWithTheDemoAccountReturnsASession() async throws {
        try await DemoHarness.with { demo in
            let answer = try await demo.signIn()
            #expect(answer.status == 200)
            #expect(answer.contentType?.hasPrefix("application/json") == true)
            #expect((answer.json["accessToken"] as? String)?.isEmpty == false)
            #expect((answer.json["refreshToken"] as? String)?.isEmpty == false)
            #expect(answer.json["expiresIn"] as? Int == 900)
            let user = try #require(answer.json["user"] as? [String: Any])
            #expect(user["email"] as? String == DemoAccount.email)
            #expect(user["name"] as? String == DemoAccount.name)
            #expect(user["id"] as? String == DemoAccount.userID)
        }
    }

    @Test func wrongPasswordIs401WithErrorJSON() async throws {
        try await DemoHarness.with { demo in
            let answer = try await demo.signIn(password: "nope")
            #expect(answer.status == 401)
            #expect(answer.errorCode == "invalid_credentials")
            let error = try #require(answer.json["error"] as? [String: Any])
            #expect((error["message"] as? String)?.isEmpty == false)
            #expect(try await demo.signIn(email: "someone@else.dev").status == 401)
        }
    }

    @Test func malformedSignInBodyIs400() async throws {
        try await DemoHarness.with { demo in
            let answer = try await demo.request(.POST, "/v1/auth/sign-in", body: "{not json")
            #expect(answer.status == 400)
            #expect(answer.errorCode == "invalid_request")
            #expect(try await demo.request(.GET, "/v1/auth/sign-in").status == 405)
        }
    }

    @Test func refreshRotatesTheRefreshToken() async throws {
        try await DemoHarness.with { demo in
            let first = try await demo.signIn().json
            let refresh1 = try #require(first["refreshToken"] as? String)
            let body = #"{"refreshToken":"\#(refresh1)"}"#
            let second = try await demo.request(.POST, "/v1/auth/refresh", body: body)
            #expect(second.status == 200)
            let refresh2 = try #require(second.json["refreshToken"] as? String)
            let access2 = try #require(second.json["accessToken"] as? String)
            #expect(refresh2 != refresh1)
            #expect(access2 != first["accessToken"] as? String)
            #expect(try await demo.get("/v1/events?limit=1", bearer: access2).status == 200)
            // The used refresh token is dead; the new one works once.
            let reused = try await demo.request(.POST, "/v1/auth/refresh", body: body)
            #expect(reused.status == 401)
            #expect(reused.errorCode == "invalid_refresh_token")
            #expect(try await demo.request(.POST, "/v1/auth/refresh", body: #"{"refreshToken":"\#(refresh2)"}"#).status == 200)
        }
    }

    @Test func accessTokensExpireAfterTheirLifetime() async throws {
        try await DemoHarness.with({ $0.accessTokenLifetime = 0 }) { demo in
            let answer = try await demo.signIn()
            #expect(answer.json["expiresIn"] as? Int == 0)
            let access = try #require(answer.json["accessToken"] as? String)
            let events = try await demo.get("/v1/events", bearer: access)
            #expect(events.status == 401)
            #expect(events.errorCode == "token_expired")
            #expect(events.headers.first(name: "WWW-Authenticate")?.hasPrefix("Bearer") == true)
        }
    }

    @Test func missingOrUnknownBearerIs401() async throws {
        try await DemoHarness.with { demo in
            let missing = try await demo.get("/v1/events")
            #expect(missing.status == 401)
            #expect(missing.errorCode == "missing_token")
            let unknown = try await demo.get("/v1/events/tokens", bearer: "at-made-up")
            #expect(unknown.status == 401)
            #expect(unknown.errorCode == "invalid_token")
            let wrongScheme = try await demo.get("/v1/events", headers: [("Authorization", "Basic abc")])
            #expect(wrongScheme.status == 401)
        }
    }
}
