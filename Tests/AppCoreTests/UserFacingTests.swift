@testable import AppCore
import EventsAPI
import Foundation
import Networking
import Testing

/// What the TUI shows for an error: the error's own sentence, once, and never a command to run.
@Suite("User-facing error lines")
struct UserFacingTests {
    @Test func signingInAgainNamesNoCommandInTheTUI() async throws {
        let client = EventsClient(server: URL(string: "http://127.0.0.1:9")!, pipeline: NetworkPipeline())
        let error = await #expect(throws: EventsAPIError.self) { try await client.events() }
        let line = UserFacing.message(for: try #require(error))
        #expect(line == "Not signed in.")
        #expect(UserFacing.needsSignIn(try #require(error)))
    }

    @Test func anUnreachableServerIsSaidOnce() async throws {
        var configuration = NetworkConfiguration()
        configuration.retry.maxRetries = 0
        let client = EventsClient(server: URL(string: "http://127.0.0.1:9")!, pipeline: NetworkPipeline(configuration: configuration))
        let error = await #expect(throws: EventsAPIError.self) { try await client.signIn(email: "a@b.c", password: "x") }
        let line = UserFacing.message(for: try #require(error))
        #expect(line == "Cannot reach the server at http://127.0.0.1:9 (connection refused).")
        #expect(!line.lowercased().contains("unreachable"))
    }
}
