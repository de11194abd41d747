import Foundation
import Testing
@testable import Playlist

@Suite("M3U8Rewriter.inventory: what a playlist names, for export")
struct M3U8InventoryTests {
    let base = URL(string: "https://cdn.example.com/media/30-days/evt-1/index.m3u8")!

    @Test func mediaPlaylistListsSegmentsWithDurationsAndTheInitSegment() throws {
        let text = """
            #EXTM3U
            #EXT-X-TARGETDURATION:2
            #EXT-X-MAP:URI="init.mp4"
            #EXTINF:2.000,
            segment0.m4s?v=1
            #EXTINF:1.5,
            ../other/segment1.m4s
            #EXT-X-ENDLIST
            """
        let inventory = try M3U8Rewriter(playlistURL: base, token: "tok").inventory(Data(text.utf8))
        #expect(inventory.initSegmentURI == "https://cdn.example.com/media/30-days/evt-1/init.mp4?Authorization=tok")
        #expect(inventory.segments == [
            .init(uri: "https://cdn.example.com/media/30-days/evt-1/segment0.m4s?v=1&Authorization=tok", duration: 2),
            .init(uri: "https://cdn.example.com/media/30-days/other/segment1.m4s?Authorization=tok", duration: 1.5),
        ])
        #expect(inventory.summary.kind == .media)
        #expect(inventory.summary.hasEndList)
        #expect(inventory.summary.totalDuration == 3.5)
        #expect(!inventory.isEncrypted && !inventory.usesByteRanges)
        #expect(inventory.variants.isEmpty)
    }

    @Test func masterListsVariantsWithBandwidthAndPicksTheHighest() throws {
        let text = """
            #EXTM3U
            #EXT-X-STREAM-INF:AVERAGE-BANDWIDTH=900000,BANDWIDTH=120000,CODECS="avc1.4d400b,mp4a.40.2"
            low/index.m3u8
            #EXT-X-STREAM-INF:RESOLUTION=320x180,BANDWIDTH=240000,CODECS="avc1,mp4a"
            high/index.m3u8
            #EXT-X-STREAM-INF:RESOLUTION=1x1
            none/index.m3u8
            """
        let inventory = try M3U8Rewriter(playlistURL: base, token: "tok").inventory(Data(text.utf8))
        #expect(inventory.summary.kind == .master)
        #expect(inventory.variants.map(\.bandwidth) == [120000, 240000, nil])
        #expect(inventory.bestVariant?.uri == "https://cdn.example.com/media/30-days/evt-1/high/index.m3u8?Authorization=tok")
        #expect(inventory.segments.isEmpty)
    }

    @Test func encryptionAndByteRangesAreNoted() throws {
        let keyed = "#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI=\"k.bin\"\n#EXTINF:2,\ns0.ts\n"
        #expect(try M3U8Rewriter(playlistURL: base, token: "t").inventory(Data(keyed.utf8)).isEncrypted)
        let clear = "#EXTM3U\n#EXT-X-KEY:METHOD=NONE\n#EXTINF:2,\ns0.ts\n"
        #expect(try !M3U8Rewriter(playlistURL: base, token: "t").inventory(Data(clear.utf8)).isEncrypted)
        let ranged = "#EXTM3U\n#EXTINF:2,\n#EXT-X-BYTERANGE:1000@0\nall.ts\n"
        #expect(try M3U8Rewriter(playlistURL: base, token: "t").inventory(Data(ranged.utf8)).usesByteRanges)
    }

    @Test func theRewriteItselfIsUnchangedAndRecordsNothing() throws {
        let text = "#EXTM3U\n#EXT-X-MAP:URI=\"init.mp4\"\n#EXTINF:2,\ns0.m4s\n"
        let (output, summary) = try M3U8Rewriter(playlistURL: base, token: "t").rewrite(Data(text.utf8))
        let inventory = try M3U8Rewriter(playlistURL: base, token: "t").inventory(Data(text.utf8))
        #expect(summary == inventory.summary)
        #expect(String(decoding: output, as: UTF8.self).contains("s0.m4s?Authorization=t"))
    }

    @Test func notAPlaylistIsAnErrorWithTheLine() {
        #expect(throws: M3U8Error.self) { try M3U8Rewriter(playlistURL: base, token: "t").inventory(Data("hello\n".utf8)) }
    }
}
