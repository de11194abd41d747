import DemoBackend
import EventsAPI
import Foundation
import Networking
import SystemSupport
import Testing

/// The backend a failed probe guessed, replaced once a probe says what the server is (the TUI's
/// sign-in form, after trusting a certificate): against the demo's Frigate flavour, the guess (the
/// events service) cannot sign in; once it becomes Frigate, the same object signs in and lists.
@Suite struct ReplaceableBackendTests {
    @Test func theGuessBecomesTheKindFoundAndEveryCallGoesThere() async throws {
        var configuration = DemoConfiguration()
        configuration.flavor = .frigate
        let server = try await DemoServer.start(configuration)
        defer { Task { await server.stop() } }
        let pipeline = NetworkPipeline(configuration: NetworkConfiguration(retry: RetryPolicy(maxRetries: 0)))
        let made = Locked<[BackendKind]>([])
        let backend = ReplaceableBackend(.events, requiresSignIn: true) { kind, requiresSignIn in
            made.withLock { $0.append(kind) }
            return BackendFactory.make(kind, server: server.baseURL, pipeline: pipeline, requiresSignIn: requiresSignIn)
        }
        let holder: any EventBackend = backend   // as the playback and the token cache hold it
        #expect(holder.kind == .events && holder.userPrompt == "Email" && holder.severities.isEmpty)
        await #expect(throws: (any Error).self) {
            try await holder.signIn(user: DemoAccount.frigateUser, password: DemoAccount.frigatePassword)
        }

        let found = try await BackendDetector.detect(server: server.baseURL, pipeline: pipeline)
        #expect(found.kind == .frigate)
        backend.become(found.kind, requiresSignIn: found.requiresSignIn)
        backend.become(.frigate, requiresSignIn: true)   // the same kind again: kept, not made anew
        #expect(made.withLock { $0 } == [.events, .frigate])
        #expect(holder.kind == .frigate && holder.userPrompt == "User" && holder.severities == ["alert", "detection"])
        let session = try await holder.signIn(user: DemoAccount.frigateUser, password: DemoAccount.frigatePassword)
        #expect(session.backend == .frigate)
        #expect(await holder.session?.accessToken == session.accessToken)
        let page = try await holder.events(cursor: nil, limit: 5, filter: EventFilter())
        #expect(!page.events.isEmpty)
        #expect(try await !holder.cameras().isEmpty)
    }
}
