import Foundation
import Testing
@testable import Playlist

@Suite("M3U8Rewriter rules (docs/playback.md, Playlists)")
struct M3U8RewriterRuleTests {
    static let base = "https://cdn.example.com/media/30-days/evt-1/index.m3u8"

    @Test("URI lines", arguments: [
        ("seg0.ts", "https://cdn.example.com/media/30-days/evt-1/seg0.ts?Authorization=tok"),
        ("../../x.ts", "https://cdn.example.com/media/x.ts?Authorization=tok"),
        ("./x.ts", "https://cdn.example.com/media/30-days/evt-1/x.ts?Authorization=tok"),
        ("/abs.ts", "https://cdn.example.com/abs.ts?Authorization=tok"),
        ("//cdn2.example/x.ts", "https://cdn2.example/x.ts?Authorization=tok"),
        ("http://other.example/p/x.ts", "http://other.example/p/x.ts?Authorization=tok"),
        ("seg.ts?Authorization=stale", "https://cdn.example.com/media/30-days/evt-1/seg.ts?Authorization=tok"),
        ("seg.ts?a=1&Authorization=stale&b=2#t=3", "https://cdn.example.com/media/30-days/evt-1/seg.ts?a=1&b=2&Authorization=tok#t=3"),
        ("seg.m4s?v=1", "https://cdn.example.com/media/30-days/evt-1/seg.m4s?v=1&Authorization=tok"),
        ("audio.aac", "https://cdn.example.com/media/30-days/evt-1/audio.aac?Authorization=tok"),
        ("video.mp4", "https://cdn.example.com/media/30-days/evt-1/video.mp4?Authorization=tok"),
        ("segment0001", "https://cdn.example.com/media/30-days/evt-1/segment0001?Authorization=tok"),
        ("sub/dir/seg", "https://cdn.example.com/media/30-days/evt-1/sub/dir/seg?Authorization=tok"),
        ("seg name.ts", "https://cdn.example.com/media/30-days/evt-1/seg%20name.ts?Authorization=tok"),
        ("  seg.ts  ", "https://cdn.example.com/media/30-days/evt-1/seg.ts?Authorization=tok"),
        ("HTTPS://CDN.EXAMPLE.COM/X.TS", "HTTPS://CDN.EXAMPLE.COM/X.TS?Authorization=tok"),
        ("data:video/mp2t;base64,AAAA", "data:video/mp2t;base64,AAAA"),
        ("skd://key-id", "skd://key-id"),
        ("{$base}/seg.ts", "{$base}/seg.ts"),
        ("seg-{$n}.ts?x={$q}", "seg-{$n}.ts?x={$q}"),
        ("ftp://h/x.ts", "ftp://h/x.ts"),
    ])
    func uriLine(line: String, expected: String) throws {
        #expect(try rewrittenLine(line, base: Self.base) == expected)
    }

    @Test("URI attributes of every tag that has one", arguments: [
        "#EXT-X-MAP:URI=\"init.mp4\",BYTERANGE=\"720@0\"",
        "#EXT-X-KEY:METHOD=AES-128,URI=\"key.bin\",IV=0x00000000000000000000000000000001",
        "#EXT-X-SESSION-KEY:METHOD=AES-128,URI=\"key.bin\"",
        "#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"aud\",NAME=\"English, main\",DEFAULT=YES,URI=\"key.bin\"",
        "#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=86000,URI=\"key.bin\"",
        "#EXT-X-PART:DURATION=0.5,URI=\"key.bin\",INDEPENDENT=YES",
        "#EXT-X-PRELOAD-HINT:TYPE=PART,URI=\"key.bin\"",
        "#EXT-X-RENDITION-REPORT:URI=\"key.bin\",LAST-MSN=10",
        "#EXT-X-SESSION-DATA:DATA-ID=\"com.example\",URI=\"key.bin\"",
    ])
    func uriAttribute(line: String) throws {
        let rewritten = try rewrittenLine(line.replacingOccurrences(of: "init.mp4", with: "key.bin"), base: Self.base)
        let absolute = "\"https://cdn.example.com/media/30-days/evt-1/key.bin?Authorization=tok\""
        let expected = line.replacingOccurrences(of: "init.mp4", with: "key.bin").replacingOccurrences(of: "\"key.bin\"", with: absolute)
        #expect(rewritten == expected)
    }

    @Test("attribute URIs keep queries and leave skd:/data:/{$var} alone", arguments: [
        ("#EXT-X-MAP:URI=\"init.mp4?v=1&Authorization=old\"", "#EXT-X-MAP:URI=\"https://cdn.example.com/media/30-days/evt-1/init.mp4?v=1&Authorization=tok\""),
        ("#EXT-X-KEY:METHOD=SAMPLE-AES,URI=\"skd://abc\",KEYFORMAT=\"com.apple.streamingkeydelivery\"", "#EXT-X-KEY:METHOD=SAMPLE-AES,URI=\"skd://abc\",KEYFORMAT=\"com.apple.streamingkeydelivery\""),
        ("#EXT-X-KEY:METHOD=AES-128,URI=\"data:text/plain;base64,AAECAwQFBgcICQoLDA0ODw==\"", "#EXT-X-KEY:METHOD=AES-128,URI=\"data:text/plain;base64,AAECAwQFBgcICQoLDA0ODw==\""),
        ("#EXT-X-MAP:URI=\"{$init}\"", "#EXT-X-MAP:URI=\"{$init}\""),
        ("#EXT-X-KEY:METHOD=NONE", "#EXT-X-KEY:METHOD=NONE"),
        ("#EXT-X-MAP:BYTERANGE=\"1,2\",URI=\"../i.mp4\"", "#EXT-X-MAP:BYTERANGE=\"1,2\",URI=\"https://cdn.example.com/media/30-days/i.mp4?Authorization=tok\""),
    ])
    func attributeCases(line: String, expected: String) throws {
        #expect(try rewrittenLine(line, base: Self.base) == expected)
    }

    @Test("every line that holds no URI is byte-identical")
    func otherLinesIdentical() throws {
        let kept = [
            "#EXT-X-VERSION:7", "#EXT-X-TARGETDURATION:2", "#EXT-X-MEDIA-SEQUENCE:0", "#EXT-X-PLAYLIST-TYPE:VOD",
            "#EXT-X-INDEPENDENT-SEGMENTS", "# a comment with URI=\"x.ts\" and ../y.ts", "", "   ", "\t",
            "#EXT-X-PROGRAM-DATE-TIME:2026-11-22T10:00:00.000Z", "#EXT-X-DISCONTINUITY", "#EXT-X-BYTERANGE:1000@0",
            "#EXT-X-DATERANGE:ID=\"ad\",START-DATE=\"2026-11-22T10:00:00Z\",X-COM-EXAMPLE=\"a,b\"",
            "#EXT-X-VENDOR-THING:URI=\"not-a-known-tag.ts\"", "#EXT-X-DEFINE:NAME=\"base\",VALUE=\"https://x\"",
            "#EXTINF:2.000000,title with ünïcödé, and commas", "#EXT-X-STREAM-INF:BANDWIDTH=1,CODECS=\"avc1.4d401e,mp4a.40.2\"",
        ]
        let input = (["#EXTM3U"] + kept + ["a.ts"]).joined(separator: "\n") + "\n"
        let (text, _) = try rewrite(input, base: Self.base)
        let output = lines(text)
        #expect(Array(output[1...kept.count]) == kept)
    }

    @Test("CRLF, bare CR and a BOM are accepted; the output uses \\n")
    func lineEndings() throws {
        let expected = "#EXTM3U\n#EXTINF:2,\nhttps://cdn.example.com/media/30-days/evt-1/a.ts?Authorization=tok\n#EXT-X-ENDLIST\n"
        for input in ["#EXTM3U\r\n#EXTINF:2,\r\na.ts\r\n#EXT-X-ENDLIST\r\n", "#EXTM3U\r#EXTINF:2,\ra.ts\r#EXT-X-ENDLIST\r",
                      "\u{FEFF}#EXTM3U\n#EXTINF:2,\na.ts\n#EXT-X-ENDLIST", "\u{FEFF}\r\n\r\n#EXTM3U\r\n#EXTINF:2,\ra.ts\n#EXT-X-ENDLIST"] {
            let (text, summary) = try rewrite(input, base: Self.base)
            #expect(text.hasSuffix(expected))
            #expect(!text.contains("\r") && !text.contains("\u{FEFF}"))
            #expect(summary.segmentCount == 1)
        }
    }

    @Test("#EXT-X-ENDLIST is appended once, never twice, only to media playlists, only when asked")
    func endList() throws {
        let media = "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\na.ts\n"
        let (appended, summary) = try rewrite(media, endList: true)
        #expect(appended.hasSuffix("a.ts?Authorization=tok\n#EXT-X-ENDLIST\n"))
        #expect(summary.appendedEndList && !summary.hasEndList)
        let (again, againSummary) = try rewrite(appended, endList: true)
        #expect(again == appended)
        #expect(!againSummary.appendedEndList && againSummary.hasEndList)
        #expect(appended.components(separatedBy: "#EXT-X-ENDLIST").count == 2)
        let (live, _) = try rewrite(media, endList: false)
        #expect(!live.contains("ENDLIST"))
        let (master, masterSummary) = try rewrite("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nv/index.m3u8\n", endList: true)
        #expect(!master.contains("ENDLIST") && masterSummary.kind == .master)
    }

    @Test("rewriting the output again changes nothing")
    func idempotent() throws {
        let input = """
        #EXTM3U
        #EXT-X-MAP:URI="init.mp4?v=1"
        #EXT-X-KEY:METHOD=AES-128,URI="../k?Authorization=old#x"
        #EXTINF:2,
        seg 1.m4s?a=b&&c
        #EXTINF:2,
        //cdn/x
        #EXTINF:2,
        {$v}.ts
        """
        let (once, _) = try rewrite(input, endList: true)
        let (twice, _) = try rewrite(once, endList: true)
        #expect(once == twice)
        let (thrice, _) = try rewrite(twice, base: "https://elsewhere.example/other/path.m3u8", endList: true)
        #expect(thrice == once)   // absolute URIs do not depend on the base any more
    }

    @Test("the summary: kind, segments, duration, end list, variants")
    func summary() throws {
        let (_, media) = try rewrite("#EXTM3U\n#EXTINF:2.5,\na.ts\n#EXT-X-BYTERANGE:10@0\n#EXTINF:1.25,\nb.ts\n#EXT-X-ENDLIST\n")
        #expect(media.kind == .media && media.segmentCount == 2 && media.totalDuration == 3.75 && media.hasEndList)
        let (text, master) = try rewrite("""
        #EXTM3U
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="en",URI="audio/en.m3u8"
        #EXT-X-STREAM-INF:BANDWIDTH=300000,RESOLUTION=320x180,AUDIO="a"
        low/index.m3u8
        #EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=640x360,AUDIO="a"
        ../high/index.m3u8?q=1
        #EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=1000,URI="iframes.m3u8"
        """)
        #expect(master.kind == .master && master.segmentCount == 0)
        #expect(master.variantURIs == [
            "https://cdn.example.com/media/30-days/evt-1/audio/en.m3u8?Authorization=tok",
            "https://cdn.example.com/media/30-days/evt-1/low/index.m3u8?Authorization=tok",
            "https://cdn.example.com/media/30-days/high/index.m3u8?q=1&Authorization=tok",
        ])
        #expect(text.contains("URI=\"https://cdn.example.com/media/30-days/evt-1/iframes.m3u8?Authorization=tok\""))
    }

    @Test("replacements point a master's variants at stored files")
    func replacements() throws {
        let variant = "https://cdn.example.com/media/30-days/evt-1/low/index.m3u8?Authorization=tok"
        let rewriter = M3U8Rewriter(playlistURL: URL(string: Self.base)!, token: "tok", replacements: [variant: "/run/x/1.m3u8"])
        let (output, summary) = try rewriter.rewrite(Data("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nlow/index.m3u8\n".utf8))
        #expect(String(decoding: output, as: UTF8.self) == "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n/run/x/1.m3u8\n")
        #expect(summary.variantURIs == [variant])
    }

    @Test("streaming output equals in-memory output")
    func streaming() throws {
        var text = "#EXTM3U\n"
        for i in 0..<50_000 { text += "#EXTINF:2.000000,\nsegment\(i).ts\n" }
        let rewriter = M3U8Rewriter(playlistURL: URL(string: Self.base)!, token: "tok", appendsEndList: true)
        let (output, summary) = try rewriter.rewrite(Data(text.utf8))
        var streamed = Data()
        var chunks = 0
        let streamedSummary = try rewriter.rewrite(Data(text.utf8)) { streamed.append(contentsOf: $0); chunks += 1 }
        #expect(streamed == output && streamedSummary == summary && chunks > 1)
        #expect(summary.segmentCount == 50_000 && summary.totalDuration == 100_000)
    }
}
