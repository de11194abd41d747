import AppCore
import DemoBackend
import EventsAPI
import Foundation
import Networking
import Testing

/// `--network proxy`'s preparer with real parts (the embedded demo backend, the proxy over HTTP):
/// every playback it prepares is served by the process's one proxy server, each under its own
/// prefix; removing one leaves the others served; `removeAll` stops the server.
@Suite struct ProxyPreparerTests {
    let client = NetworkPipeline(configuration: NetworkConfiguration(retry: RetryPolicy(maxRetries: 0)))

    /// The status `url` answers with, nil when nothing answers (no server listening).
    func status(_ url: URL) async -> Int? {
        do {
            return try await client.send(HTTPRequest(kind: .manifestHlsMaster, url: url)).status
        } catch let error as NetworkError {
            return error.status
        } catch {
            return nil
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func playbacksShareOneProxyServerAndARemovedOneAnswers404() async throws {
        let home = CoordinatorTests.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let services = try await CoordinatorTests.services(home: home)
        _ = try await services.client.signIn(email: DemoAccount.email, password: DemoAccount.password)
        let events = try await services.client.events(limit: 50).events
        let preparer = ProxyPreparer(services: services)
        let first = try await preparer.prepare(try #require(events.first { $0.id == "evt-endlist" }), refreshTokens: false)
        let second = try await preparer.prepare(try #require(events.first { $0.id == "evt-fmp4" }), refreshTokens: false)
        #expect(first.url.port == second.url.port, "one server: \(first.url) \(second.url)")
        #expect(first.url.host == "127.0.0.1" && first.url != second.url)
        #expect(await status(first.url) == 200)

        preparer.remove(first)
        #expect(await status(first.url) == 404, "its prefix is no longer served")
        #expect(await status(second.url) == 200, "the other playback still is")

        preparer.removeAll()
        let deadline = ContinuousClock.now + .seconds(10)
        var answer = await status(second.url)
        while answer != nil, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
            answer = await status(second.url)
        }
        #expect(answer == nil, "the server stopped")
        await services.shutdown()
    }
}
