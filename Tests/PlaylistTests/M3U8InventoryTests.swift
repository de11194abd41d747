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
            .init(uri: "https://cdn.example.com/media/30-days/other/segment1.m4s?Authorization=tok", duration: 1.5, sequence: 1),
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

    /// A montage tile plays the smallest variant whose resolution covers its pixels.
    @Test func theSmallestVariantCoveringATileIsChosen() throws {
        let text = """
            #EXTM3U
            #EXT-X-STREAM-INF:BANDWIDTH=6000000,RESOLUTION=1920x1080
            hd/index.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360
            sd/index.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=2500000,RESOLUTION=1280x720
            mid/index.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=100000,RESOLUTION=0x-5
            broken/index.m3u8
            """
        let inventory = try M3U8Rewriter(playlistURL: base, token: "t").inventory(Data(text.utf8))
        #expect(inventory.variants.map(\.resolution) == [.init(width: 1920, height: 1080), .init(width: 640, height: 360),
                                                          .init(width: 1280, height: 720), nil])
        func chosen(_ width: Int, _ height: Int) -> String? { inventory.smallestVariant(covering: width, height)?.uri.components(separatedBy: "/").dropLast().last }
        #expect(chosen(480, 270) == "sd", "a quarter of a 120x40 terminal in cells or a small sixel tile")
        #expect(chosen(960, 540) == "mid")
        #expect(chosen(1280, 720) == "mid", "exactly covered")
        #expect(chosen(1281, 720) == "hd")
        #expect(chosen(3840, 2160) == "hd", "none covers: the largest")
        let plain = try M3U8Rewriter(playlistURL: base, token: "t").inventory(Data("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\na.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=2\nb.m3u8\n".utf8))
        #expect(plain.smallestVariant(covering: 100, 100)?.uri == plain.bestVariant?.uri, "without resolutions: the best")
    }

    @Test func encryptionAndByteRangesAreNoted() throws {
        let keyed = "#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI=\"k.bin\"\n#EXTINF:2,\ns0.ts\n"
        #expect(try M3U8Rewriter(playlistURL: base, token: "t").inventory(Data(keyed.utf8)).isEncrypted)
        let clear = "#EXTM3U\n#EXT-X-KEY:METHOD=NONE\n#EXTINF:2,\ns0.ts\n"
        #expect(try !M3U8Rewriter(playlistURL: base, token: "t").inventory(Data(clear.utf8)).isEncrypted)
        let ranged = "#EXTM3U\n#EXTINF:2,\n#EXT-X-BYTERANGE:1000@0\nall.ts\n"
        #expect(try M3U8Rewriter(playlistURL: base, token: "t").inventory(Data(ranged.utf8)).usesByteRanges)
    }

    /// Before: only "is encrypted" and "uses byte ranges" were noted; export needs each
    /// segment's range, key and IV to fetch and decrypt it.
    @Test func eachSegmentHasItsByteRangeKeyAndSequence() throws {
        let text = """
            #EXTM3U
            #EXT-X-MEDIA-SEQUENCE:7
            #EXT-X-KEY:METHOD=AES-128,URI="keys/k1.bin",IV=0x000102030405060708090A0B0C0D0E0F
            #EXTINF:2,
            #EXT-X-BYTERANGE:1000@0
            all.ts
            #EXTINF:2,
            #EXT-X-BYTERANGE:500
            all.ts
            #EXT-X-KEY:METHOD=AES-128,URI="https://keys.example/k2"
            #EXTINF:2,
            s2.ts
            #EXT-X-KEY:METHOD=NONE
            #EXTINF:2,
            s3.ts
            """
        let inventory = try M3U8Rewriter(playlistURL: base, token: "tok").inventory(Data(text.utf8))
        #expect(inventory.isEncrypted && inventory.usesByteRanges)
        #expect(inventory.segments.map(\.byteRange) == [.init(length: 1000, offset: 0), .init(length: 500, offset: 1000), nil, nil])
        #expect(inventory.segments.map(\.sequence) == [7, 8, 9, 10])
        let first = try #require(inventory.segments[0].key)
        #expect(first.method == "AES-128")
        #expect(first.uri == "https://cdn.example.com/media/30-days/evt-1/keys/k1.bin?Authorization=tok")
        #expect(first.iv == Array(0...15))
        #expect(inventory.segments[1].key == first)
        #expect(inventory.segments[2].key == .init(method: "AES-128", uri: "https://keys.example/k2?Authorization=tok", iv: nil))
        #expect(inventory.segments[3].key == nil)
        #expect(inventory.segments[0].byteRange?.header == "bytes=0-999")
    }

    /// Numbers a hostile server may send: no overflow trap, no range.
    @Test func hugeByteRangesAndSequenceNumbersDoNotCrash() throws {
        let text = """
            #EXTM3U
            #EXT-X-MEDIA-SEQUENCE:9223372036854775807
            #EXTINF:2,
            #EXT-X-BYTERANGE:9223372036854775807@9223372036854775807
            a.ts
            #EXTINF:2,
            #EXT-X-BYTERANGE:99999999999999999999@0
            a.ts
            #EXTINF:2,
            s2.ts
            """
        let inventory = try M3U8Rewriter(playlistURL: base, token: "t").inventory(Data(text.utf8))
        #expect(inventory.segments.map(\.byteRange) == [nil, nil, nil])
        #expect(inventory.segments.count == 3)
        let negative = "#EXTM3U\n#EXT-X-MEDIA-SEQUENCE:-5\n#EXTINF:2,\ns0.ts\n"
        #expect(try M3U8Rewriter(playlistURL: base, token: "t").inventory(Data(negative.utf8)).segments.first?.sequence == 0)
    }

    @Test func theInitSegmentsByteRangeIsNoted() throws {
        let text = "#EXTM3U\n#EXT-X-MAP:URI=\"media.mp4\",BYTERANGE=\"720@0\"\n#EXTINF:2,\n#EXT-X-BYTERANGE:5000@720\nmedia.mp4\n"
        let inventory = try M3U8Rewriter(playlistURL: base, token: "t").inventory(Data(text.utf8))
        #expect(inventory.initSegmentByteRange == .init(length: 720, offset: 0))
        #expect(inventory.segments.first?.byteRange == .init(length: 5000, offset: 720))
    }

    /// Before: a master's `#EXT-X-MEDIA` renditions were not listed, so export took the video only.
    @Test func aMastersAudioRenditionIsFoundForItsVariant() throws {
        let text = """
            #EXTM3U
            #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="Other",DEFAULT=NO,URI="other/index.m3u8"
            #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="Microphone",DEFAULT=YES,URI="audio/index.m3u8"
            #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="muxed",NAME="In the variant",DEFAULT=YES
            #EXT-X-STREAM-INF:BANDWIDTH=220000,AUDIO="aud"
            video/index.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=100000,AUDIO="muxed"
            low/index.m3u8
            """
        let inventory = try M3U8Rewriter(playlistURL: base, token: "tok").inventory(Data(text.utf8))
        #expect(inventory.renditions.count == 3)
        let best = try #require(inventory.bestVariant)
        #expect(best.audioGroup == "aud")
        #expect(inventory.audioRendition(of: best)?.uri == "https://cdn.example.com/media/30-days/evt-1/audio/index.m3u8?Authorization=tok")
        #expect(inventory.audioRendition(of: inventory.variants[1]) == nil, "audio in the variant itself")
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
