import DemoBackend
import EventsAPI
import Foundation
import Networking
import TestSupport
import Testing

/// Error texts are one short sentence, said once, and front-end neutral ("doubled text",
/// and "sign in again" that told a TUI user to run a command).
@Suite("Events API error texts")
struct ErrorTextTests {
    @Test func aWrongPasswordIsSaidOnceWhateverTheServerAdds() async throws {
        try await withDemo(signedIn: false) { demo in
            let error = await #expect(throws: EventsAPIError.self) {
                try await demo.client.signIn(email: DemoAccount.email, password: "nope")
            }
            #expect(error?.message == "wrong email or password")
        }
    }

    @Test func signInMessagesNameNoCommand() async throws {
        try await withDemo(signedIn: false) { demo in
            let missing = await #expect(throws: EventsAPIError.self) { try await demo.client.events() }
            #expect(missing?.message == "not signed in")
            #expect(missing?.needsSignIn == true)
        }
        try await withDemo { demo in
            await demo.server.faults.expireAccessTokens()
            var stale = try #require(await demo.client.session)
            stale.refreshToken = "not-a-refresh-token"
            let client = EventsClient(server: demo.server.baseURL, pipeline: NetworkPipeline(), session: stale)
            let expired = await #expect(throws: EventsAPIError.self) { try await client.events() }
            #expect(expired?.message == "the session has expired: sign in again")
            #expect(expired?.needsSignIn == true)
            #expect(expired?.message.contains("eventplayer") == false)
        }
    }

    @Test func aMalformedAnswerOrAMissingEndpointAsksWhetherTheURLIsRight() async throws {
        try await withDemo { demo in
            await demo.server.faults.malformedJSON(pathPrefix: "/v1/events")
            let malformed = await #expect(throws: EventsAPIError.self) { try await demo.client.events() }
            #expect(malformed?.code == .notUnderstood)
            #expect(malformed?.message.hasPrefix("the server's events page answer is not the events API's JSON") == true)
            #expect(malformed?.message.hasSuffix("; is the server URL right?") == true)
            await demo.server.faults.failNext(1, status: 404, pathPrefix: "/v1/events")
            let missing = await #expect(throws: EventsAPIError.self) { try await demo.client.events() }
            #expect(missing?.message == "the server has no /v1/events (HTTP 404); is the server URL the events API's?")
        }
    }

    @Test func aDeadServerIsOneSentenceWithBalancedParentheses() async throws {
        let closed = try ClosedPort()
        let url = URL(string: closed.url)!
        var configuration = NetworkConfiguration()
        configuration.retry.maxRetries = 0
        let client = EventsClient(server: url, pipeline: NetworkPipeline(configuration: configuration))
        let error = await #expect(throws: EventsAPIError.self) {
            try await client.signIn(email: "a@b.c", password: "x")
        }
        #expect(error?.code == .serverUnreachable)
        #expect(error?.message == "cannot reach the server at \(url.absoluteString) (connection refused)")
        let text = error?.message ?? ""
        #expect(text.filter { $0 == "(" }.count == text.filter { $0 == ")" }.count)
    }
}
