import DemoBackend
import Foundation
import Networking
import Testing
@testable import Playlist

/// A playlist that never ends: the load fails at the documented cap, in one attempt.
@Suite("An endless playlist", .serialized)
struct EndlessPlaylistTests {
    @Test(.timeLimit(.minutes(3)))
    func theLoadFailsAtTheCapInOneAttemptWithTheCapInTheMessage() async throws {
        let demo = try await DemoFixture.start()
        let source = try #require(demo.sources["evt-endlist"])
        await demo.server.faults.endlessBody(pathPrefix: "/media/30-days/evt-endlist/")
        // Time is not under test: on a loaded machine 64 MiB may take longer than the default
        // request timeout, and a timed-out attempt is retried (rightly), which is not the point here.
        var configuration = NetworkConfiguration()
        configuration.setTimeouts(request: 100)
        let loader = PlaylistLoader(pipeline: NetworkPipeline(configuration: configuration), store: demo.store)
        do {
            _ = try await loader.prepare(source, tokens: demo.tokens)
            Issue.record("expected an error")
        } catch let error as PlaylistLoadError {
            #expect(error.description.hasPrefix("fetching the event's playlist failed: "), "\(error)")
            #expect(error.description.contains("the playlist is larger than 64 MiB"), "\(error)")
            #expect(!error.description.contains("NIOTooManyBytesError"))
        }
        let playlistRequests = await demo.mediaLog().filter { $0.path.hasSuffix(".m3u8") }
        #expect(playlistRequests.count == 1, "not retried: \(playlistRequests.map(\.path))")
        await demo.stop()
    }
}
