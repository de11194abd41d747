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
        _ = try await services.backend.signIn(user: DemoAccount.email, password: DemoAccount.password)
        let events = try await services.backend.events(cursor: nil, limit: 50, filter: EventFilter()).events
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

    /// A montage tile's preparer: the same server, and a master playlist cut to the smallest
    /// variant that covers the tile (evt-master has 320x180 and 160x90).
    @Test(.timeLimit(.minutes(1)))
    func aTilesPreparerSharesTheServerAndServesTheVariantThatCoversTheTile() async throws {
        let home = CoordinatorTests.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let services = try await CoordinatorTests.services(home: home)
        _ = try await services.backend.signIn(user: DemoAccount.email, password: DemoAccount.password)
        let events = try await services.backend.events(cursor: nil, limit: 50, filter: EventFilter()).events
        let master = try #require(events.first { $0.id == "evt-master" })
        let preparer = ProxyPreparer(services: services)
        let tile = preparer.covering(width: 150, height: 80)
        let whole = try await preparer.prepare(master, refreshTokens: false)
        let small = try await tile.prepare(master, refreshTokens: false)
        #expect(whole.url.port == small.url.port, "one server: \(whole.url) \(small.url)")
        let wholeText = String(decoding: try await client.send(HTTPRequest(kind: .manifestHlsMaster, url: whole.url)).body, as: UTF8.self)
        let smallText = String(decoding: try await client.send(HTTPRequest(kind: .manifestHlsMaster, url: small.url)).body, as: UTF8.self)
        #expect(wholeText.contains("RESOLUTION=320x180") && wholeText.contains("RESOLUTION=160x90"), "\(wholeText)")
        #expect(smallText.contains("RESOLUTION=160x90") && !smallText.contains("RESOLUTION=320x180"), "\(smallText)")
        tile.remove(small)
        #expect(await status(small.url) == 404)
        #expect(await status(whole.url) == 200, "removing the tile's playback leaves the other")
        preparer.removeAll()
        await services.shutdown()
    }
}
