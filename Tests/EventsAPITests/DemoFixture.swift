import DemoBackend
import EventsAPI
import Foundation
import Networking

/// A demo backend on a free loopback port and a client for it; `stop()` when done.
struct DemoFixture {
    let server: DemoServer
    let client: EventsClient

    static func start(_ configure: (inout DemoConfiguration) -> Void = { _ in }) async throws -> DemoFixture {
        var configuration = DemoConfiguration()
        configure(&configuration)
        let server = try await DemoServer.start(configuration)
        return DemoFixture(server: server, client: EventsClient(server: server.baseURL, pipeline: NetworkPipeline()))
    }

    static func signedIn(_ configure: (inout DemoConfiguration) -> Void = { _ in }) async throws -> DemoFixture {
        let fixture = try await start(configure)
        try await fixture.client.signIn(email: DemoAccount.email, password: DemoAccount.password)
        return fixture
    }

    func stop() async { await server.stop() }
}

/// Runs `body` with a signed-in fixture and always stops the server.
func withDemo<T>(signedIn: Bool = true, _ configure: (inout DemoConfiguration) -> Void = { _ in },
                 _ body: (DemoFixture) async throws -> T) async throws -> T {
    let fixture = signedIn ? try await DemoFixture.signedIn(configure) : try await DemoFixture.start(configure)
    do {
        let result = try await body(fixture)
        await fixture.stop()
        return result
    } catch {
        await fixture.stop()
        throw error
    }
}
