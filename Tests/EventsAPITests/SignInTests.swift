import DemoBackend
import EventsAPI
import Foundation
import Networking
import Testing

@Suite("Sign-in and sessions against the demo backend")
struct SignInTests {
    @Test func signInWithTheDemoAccountGivesASession() async throws {
        try await withDemo(signedIn: false) { demo in
            let session = try await demo.client.signIn(email: DemoAccount.email, password: DemoAccount.password)
            #expect(session.user.email == DemoAccount.email)
            #expect(!session.accessToken.isEmpty)
            #expect(session.expiresAt > Date())
            #expect(session.server == demo.server.baseURL)
        }
    }

    @Test func wrongPasswordSaysSo() async throws {
        try await withDemo(signedIn: false) { demo in
            let error = await #expect(throws: EventsAPIError.self) {
                try await demo.client.signIn(email: DemoAccount.email, password: "nope")
            }
            #expect(error?.code == .wrongCredentials)
            #expect(error?.message == "wrong email or password")
            #expect(await demo.client.session == nil)
        }
    }

    @Test func callsWithoutASessionAskToSignIn() async throws {
        try await withDemo(signedIn: false) { demo in
            let error = await #expect(throws: EventsAPIError.self) { try await demo.client.events() }
            #expect(error?.code == .signInRequired)
        }
    }

    @Test func refreshRotatesTheTokens() async throws {
        try await withDemo { demo in
            let before = try #require(await demo.client.session)
            let after = try await demo.client.refresh()
            #expect(after.accessToken != before.accessToken)
            #expect(after.refreshToken != before.refreshToken)
            _ = try await demo.client.events(limit: 1)
        }
    }

    @Test func anExpiredAccessTokenIsRefreshedOnceAndTheCallSucceeds() async throws {
        try await withDemo { demo in
            let before = try #require(await demo.client.session)
            await demo.server.faults.expireAccessTokens()
            let page = try await demo.client.events(limit: 5)
            #expect(page.events.count == 5)
            let after = try #require(await demo.client.session)
            #expect(after.accessToken != before.accessToken)
        }
    }

    @Test func aRefusedRefreshMeansSignInAgain() async throws {
        try await withDemo { demo in
            await demo.server.faults.expireAccessTokens()
            let session = try #require(await demo.client.session)
            var stale = session
            stale.refreshToken = "not-a-refresh-token"
            let client = EventsClient(server: demo.server.baseURL, pipeline: NetworkPipeline(), session: stale)
            let error = await #expect(throws: EventsAPIError.self) { try await client.events() }
            #expect(error?.code == .sessionExpired)
            #expect(error?.message.contains("sign in again") == true)
            #expect(await client.session == nil)
        }
    }

    @Test func concurrentCallsShareOneRefresh() async throws {
        try await withDemo { demo in
            await demo.server.faults.expireAccessTokens()
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<6 { group.addTask { try await demo.client.events(limit: 2).events.count } }
                for try await count in group { #expect(count == 2) }
            }
            let refreshes = await demo.server.requestLog().filter { $0.path == "/v1/auth/refresh" }
            #expect(refreshes.count == 1)
        }
    }

    @Test func aServerThatIsNotListeningIsUnreachable() async throws {
        let demo = try await DemoFixture.start()
        let url = demo.server.baseURL
        await demo.stop()
        let client = EventsClient(server: url, pipeline: NetworkPipeline())
        let error = await #expect(throws: EventsAPIError.self) {
            try await client.signIn(email: DemoAccount.email, password: DemoAccount.password)
        }
        #expect(error?.code == .serverUnreachable)
        #expect(error?.message.contains(url.absoluteString) == true)
    }
}
