import DemoBackend
import Foundation
import Networking
import Testing
@testable import Playlist

/// A playlist URL that redirects: URIs resolve against the URL that answered (as hls.js, Shaka and
/// ffmpeg do), and a playlist reached through a redirect names its URIs without the token.
@Suite("PlaylistLoader and redirects", .serialized)
struct PlaylistRedirectTests {
    func uris(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }
    }

    @Test("a redirect to a presigned path: segments resolve against it, with no token", arguments: [
        "evt-redirect-same", "evt-redirect-storage",
    ])
    func presigned(id: String) async throws {
        let demo = try await DemoFixture.start()
        let source = try #require(demo.sources[id])
        let prepared = try await demo.loader.prepare(source, tokens: demo.tokens)
        let text = try String(contentsOf: prepared.url, encoding: .utf8)
        let segments = uris(text)
        #expect(segments.count == 5)
        let host = id == "evt-redirect-same" ? demo.server.baseURL.absoluteString : "http://127.0.0.2:"
        for uri in segments {
            #expect(uri.hasPrefix(host) && uri.contains("/presigned/\(id)/segment") && uri.contains("?X-Signature="), "\(uri)")
            #expect(!uri.contains("Authorization"), "\(uri)")
        }
        #expect(prepared.playerToken == nil, "a private file's player sends no token header")
        let listing = try await demo.loader.mediaListing(source, tokens: demo.tokens)
        #expect(listing.inventory.segments.map(\.uri) == segments)
        #expect(listing.playlistURL.path == "/presigned/\(id)/index.m3u8")
        demo.loader.finish(prepared)
        await demo.stop()
    }

    @Test("segments on a CDN the playlist names keep the token")
    func cdn() async throws {
        let demo = try await DemoFixture.start()
        let prepared = try await demo.loader.prepare(try #require(demo.sources["evt-cdn-segments"]), tokens: demo.tokens)
        let segments = uris(try String(contentsOf: prepared.url, encoding: .utf8))
        #expect(segments.count == 5)
        #expect(segments.allSatisfy { $0.hasPrefix("http://127.0.0.2:") && $0.hasSuffix("?Authorization=\(prepared.token)") },
                "\(segments)")
        demo.loader.finish(prepared)
        await demo.stop()
    }
}
