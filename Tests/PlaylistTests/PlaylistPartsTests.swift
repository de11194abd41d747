import DemoBackend
import Foundation
import Testing
@testable import Playlist

/// A complete media playlist cut at its discontinuities into one playable playlist per part.
@Suite struct PlaylistPartsTests {
    @Test func eachPartIsACompletePlaylistOfItsSegmentsWithItsStart() throws {
        let text = """
            #EXTM3U
            #EXT-X-VERSION:3
            #EXT-X-TARGETDURATION:4
            #EXT-X-MEDIA-SEQUENCE:7
            #EXT-X-DISCONTINUITY-SEQUENCE:2
            #EXTINF:4.0,
            a0.ts
            #EXT-X-KEY:METHOD=AES-128,URI="k1"
            #EXTINF:4.5,
            a1.ts
            #EXT-X-DISCONTINUITY
            #EXTINF:3.0,
            b0.ts
            #EXTINF:3.0,
            b1.ts
            #EXT-X-DISCONTINUITY
            #EXT-X-KEY:METHOD=NONE
            #EXTINF:2.0,
            c0.ts
            #EXT-X-ENDLIST

            """
        let cut = try #require(PlaylistParts(Data(text.utf8)))
        #expect(cut.parts.map(\.start) == [0, 8.5, 14.5])
        #expect(cut.parts.map(\.duration) == [8.5, 6, 2])
        let header = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n"
        #expect(cut.parts[0].text == header + "#EXT-X-MEDIA-SEQUENCE:7\n#EXTINF:4.0,\na0.ts\n#EXT-X-KEY:METHOD=AES-128,URI=\"k1\"\n#EXTINF:4.5,\na1.ts\n#EXT-X-ENDLIST\n")
        // The key in force carries over (and the media sequence numbers, its IVs, stay).
        #expect(cut.parts[1].text == header + "#EXT-X-MEDIA-SEQUENCE:9\n#EXT-X-KEY:METHOD=AES-128,URI=\"k1\"\n#EXTINF:3.0,\nb0.ts\n#EXTINF:3.0,\nb1.ts\n#EXT-X-ENDLIST\n")
        #expect(cut.parts[2].text == header + "#EXT-X-MEDIA-SEQUENCE:11\n#EXT-X-KEY:METHOD=NONE\n#EXTINF:2.0,\nc0.ts\n#EXT-X-ENDLIST\n")
    }

    @Test func nothingToCutWithoutAJoinBetweenSegmentsOrForALiveOrMasterPlaylist() {
        let plain = "#EXTM3U\n#EXTINF:4,\na.ts\n#EXTINF:4,\nb.ts\n#EXT-X-ENDLIST\n"
        #expect(PlaylistParts(Data(plain.utf8)) == nil)
        let leading = "#EXTM3U\n#EXT-X-DISCONTINUITY\n#EXTINF:4,\na.ts\n#EXTINF:4,\nb.ts\n#EXT-X-ENDLIST\n"
        #expect(PlaylistParts(Data(leading.utf8)) == nil)
        let live = "#EXTM3U\n#EXTINF:4,\na.ts\n#EXT-X-DISCONTINUITY\n#EXTINF:4,\nb.ts\n"
        #expect(PlaylistParts(Data(live.utf8)) == nil)
        let master = "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8\n#EXT-X-DISCONTINUITY\n#EXT-X-ENDLIST\n"
        #expect(PlaylistParts(Data(master.utf8)) == nil)
        let hostile = "#EXTM3U\n#EXT-X-MEDIA-SEQUENCE:\(Int.max)\n#EXTINF:4,\na.ts\n#EXT-X-DISCONTINUITY\n#EXTINF:4,\nb.ts\n#EXT-X-ENDLIST\n"
        #expect(PlaylistParts(Data(hostile.utf8)) == nil, "a sequence number that would overflow: not cut, no trap")
    }

    /// Direct mode: the loader writes each part's private playlist next to the event's.
    @Test func theLoaderWritesAPrivatePlaylistPerPart() async throws {
        let demo = try await DemoFixture.start()
        let source = try #require(demo.sources["evt-discontinuity"], "generated media missing (ffmpeg?)")
        let prepared = try await demo.loader.prepare(source, tokens: demo.tokens)
        #expect(prepared.parts.map(\.start) == [0, 12])
        for part in prepared.parts {
            #expect(prepared.files.contains(part.url), "\(part.url) is removed with the playback")
            let text = try String(contentsOf: part.url, encoding: .utf8)
            #expect(!text.contains("#EXT-X-DISCONTINUITY\n") && text.hasSuffix("#EXT-X-ENDLIST\n"), "\(text)")
            #expect(text.components(separatedBy: "Authorization=\(prepared.token)").count == 4, "3 segments with the token: \(text)")
        }
        let plain = try await demo.loader.prepare(try #require(demo.sources["evt-endlist"]), tokens: demo.tokens)
        #expect(plain.parts.isEmpty)
        await demo.stop()
    }
}
