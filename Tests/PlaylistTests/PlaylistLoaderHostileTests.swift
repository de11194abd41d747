import Foundation
import Networking
import Testing
@testable import Playlist

/// Serves a master playlist whose variant URIs a URL cannot hold, then anything else (the pipeline's
/// real seam, as in ``OnePlaylistTransport``).
struct HostileMasterTransport: HTTPTransport {
    let variantURI: String
    func execute(_ request: HTTPRequest, timeout: Double) async throws -> HTTPResponse {
        let master = "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000\n\(variantURI)\n"
        return HTTPResponse(status: 200, body: Data(master.utf8), request: request)
    }
}

/// A hostile playlist ends with a typed error naming the step, never a crash (the loader
/// did `URL(string: uri)!` on variant URIs).
@Suite("PlaylistLoader with hostile playlists")
struct PlaylistLoaderHostileTests {
    @Test("a variant URI that is not a URL (an IPv6 host never closed) is a playlist error, not a crash")
    func variantURIThatIsNotAURL() async throws {
        let uri = "http://[::1/v.m3u8"
        let parent = try temporaryDirectory("hostile-variant")
        defer { try? FileManager.default.removeItem(at: parent) }
        let store = try PlaylistStore(parent: parent)
        defer { store.removeAll() }
        let loader = PlaylistLoader(pipeline: NetworkPipeline(transport: HostileMasterTransport(variantURI: uri)), store: store)
        let source = PlaybackSource(eventID: "evt-hostile", videoURL: URL(string: "http://h.example/media/30-days/evt/index.m3u8")!,
                                    bucket: "30-days", startTime: Date(timeIntervalSinceNow: -600), endTime: Date(timeIntervalSinceNow: -300))
        do {
            let prepared = try await loader.prepare(source, tokens: FixedTokens())
            loader.finish(prepared)
            Issue.record("\(uri) was accepted: \(prepared.variantSummaries)")
        } catch let error as PlaylistLoadError {
            #expect(error.step == .rewrite && error.eventID == "evt-hostile")
            #expect("\(error)".hasPrefix("the event's playlist is invalid: the playlist URL http://[::1/v.m3u8"), "\(error)")
        }
    }
}
