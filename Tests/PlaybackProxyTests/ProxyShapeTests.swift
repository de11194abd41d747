import DemoBackend
import Foundation
import Networking
import Player
import PlaybackStates
import Testing
@testable import PlaybackProxy
import Playlist

/// The generated stream shapes (AES-128, byte ranges, HEVC, audio rendition, discontinuity) played
/// to the end through the proxy, and the proxy's answers to `Range` requests.
extension ProxyPlayback {
    @Test(arguments: ["evt-aes", "evt-byterange", "evt-hevc", "evt-audio-rendition", "evt-discontinuity"])
    func everyGeneratedShapePlaysToEndedThroughTheProxy(eventID: String) async throws {
        let origin = try await DemoOrigin.start()
        defer { Task { await origin.stop() } }
        try #require(origin.server.fixedEventIDs.contains(eventID), "generated media missing (ffmpeg?)")
        let pipeline = Self.pipeline()
        let proxy = try origin.proxy(eventID, pipeline: pipeline)
        let (driver, id) = try await Self.play(proxy)
        #expect(driver.finishes(of: id) == [.ended], "log: \(driver.player.recentLogMessages.suffix(10))")
        let media = await origin.server.requestLog().filter { $0.path.contains("/\(eventID)/") }
        #expect(media.allSatisfy { $0.status == 200 || $0.status == 206 }, "\(media)")
        #expect(media.allSatisfy { $0.mediaToken != nil }, "\(media)")
        if eventID == "evt-aes" {
            #expect(media.contains { $0.path.hasSuffix("/enc.key") && $0.status == 200 }, "the key goes through the proxy with the token")
        }
        if eventID == "evt-byterange" {
            #expect(media.filter { $0.path.hasSuffix("/media.ts") && $0.status == 206 }.count >= 5, "\(media)")
        }
    }

}

extension ProxyServer {
    /// A player's `Range` request reaches the origin and its 206 (with Content-Range) comes back
    /// (byte-range playlists need it; before, the demo origin answered 200 with the whole file).
    @Test func aRangeRequestIsForwardedAndAnsweredWith206() async throws {
        let origin = try await DemoOrigin.start()
        defer { Task { await origin.stop() } }
        try #require(origin.server.fixedEventIDs.contains("evt-byterange"), "generated media missing (ffmpeg?)")
        let proxy = try origin.proxy("evt-byterange")
        // The proxied playlist names media.ts through the proxy.
        let text = String(decoding: try await get(proxy.url).body, as: UTF8.self)
        let line = try #require(text.split(separator: "\n").first { !$0.hasPrefix("#") && $0.contains("media.ts") })
        let mediaURL = try #require(URL(string: String(line), relativeTo: proxy.url)?.absoluteURL)
        let response = try await get(mediaURL, headers: [("Range", "bytes=188-375")])
        #expect(response.status == 206)
        #expect((response.headers["Content-Range"] ?? "").hasPrefix("bytes 188-375/"), "\(response.headers)")
        #expect(response.body.count == 188)
        #expect(response.body.first == 0x47, "an MPEG-TS packet")
        let upstream = await origin.server.requestLog().filter { $0.path.hasSuffix("/media.ts") }
        #expect(upstream.last?.headers["range"] == "bytes=188-375")
        #expect(upstream.last?.status == 206)
    }
}
