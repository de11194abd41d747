import Foundation
import Testing
@testable import Playlist

/// The rewriter is no stricter than a player (ffmpeg, hls.js): what it need not understand to
/// rewrite a URI passes through unchanged.
@Suite("M3U8Rewriter accepts what players accept")
struct M3U8RewriterLenienceTests {
    static let absolute = "https://cdn.example.com/media/30-days/evt-1"

    @Test("IPTV and radio lists: #EXTINF:-1,Title and attributes before the title")
    func iptvDurations() throws {
        let input = """
            #EXTM3U
            #EXTINF:-1,Radio One
            http://radio.example/one.aac
            #EXTINF:-1 tvg-id="news" group-title="News",News 24
            stream/news.m3u8
            #EXTINF:10,
            seg.ts

            """
        let (text, summary) = try rewrite(input)
        #expect(lines(text) == [
            "#EXTM3U",
            "#EXTINF:-1,Radio One",
            "http://radio.example/one.aac?Authorization=tok",
            "#EXTINF:-1 tvg-id=\"news\" group-title=\"News\",News 24",
            "\(Self.absolute)/stream/news.m3u8?Authorization=tok",
            "#EXTINF:10,",
            "\(Self.absolute)/seg.ts?Authorization=tok",
        ])
        #expect(summary.segmentCount == 3)
        #expect(summary.totalDuration == 10)   // unknown durations add nothing
    }

    @Test("#EXTINF without a number is passed through", arguments: [
        "#EXTINF", "#EXTINF:", "#EXTINF:abc,", "#EXTINF:,Title", "#EXTINF:-0.5,", "#EXTINF:2x,",
    ])
    func durationsPassThrough(line: String) throws {
        let (text, summary) = try rewrite("#EXTM3U\n\(line)\na.ts\n")
        #expect(lines(text) == ["#EXTM3U", line, "\(Self.absolute)/a.ts?Authorization=tok"])
        #expect(summary.totalDuration == 0)
    }

    @Test("bare tags that usually carry attributes are passed through", arguments: [
        "#EXT-X-MAP", "#EXT-X-KEY", "#EXT-X-PART", "#EXT-X-PRELOAD-HINT", "#EXT-X-RENDITION-REPORT",
    ])
    func bareTags(tag: String) throws {
        let (text, summary) = try rewrite("#EXTM3U\r\n\(tag)\r\n#EXTINF:2,\r\na.ts\r\n")
        #expect(lines(text) == ["#EXTM3U", tag, "#EXTINF:2,", "\(Self.absolute)/a.ts?Authorization=tok"])
        #expect(summary.kind == .media && summary.segmentCount == 1 && summary.totalDuration == 2)
    }

    @Test("a bare #EXT-X-STREAM-INF still marks the next URI as a variant")
    func bareStreamInf() throws {
        let (text, summary) = try rewrite("#EXTM3U\n#EXT-X-STREAM-INF\nlow/index.m3u8\n")
        #expect(lines(text) == ["#EXTM3U", "#EXT-X-STREAM-INF", "\(Self.absolute)/low/index.m3u8?Authorization=tok"])
        #expect(summary.kind == .master)
        #expect(summary.variantURIs == ["\(Self.absolute)/low/index.m3u8?Authorization=tok"])
    }

    @Test("a quote that is never closed runs to the end of the line, as ffmpeg reads it", arguments: [
        ("#EXT-X-STREAM-INF:CODECS=\"avc1,BANDWIDTH=1", "#EXT-X-STREAM-INF:CODECS=\"avc1,BANDWIDTH=1"),
        ("#EXT-X-MAP:URI=\"init.mp4", "#EXT-X-MAP:URI=\"\(absolute)/init.mp4?Authorization=tok"),
        ("#EXT-X-MAP:URI=\"init.mp4  ", "#EXT-X-MAP:URI=\"\(absolute)/init.mp4?Authorization=tok  "),
        ("#EXT-X-KEY:METHOD=AES-128,URI=\"https://k/key", "#EXT-X-KEY:METHOD=AES-128,URI=\"https://k/key?Authorization=tok"),
    ])
    func unclosedQuotes(line: String, expected: String) throws {
        #expect(try rewrittenLine(line) == expected)
        // Idempotent: the output is accepted and left as it is.
        #expect(try rewrittenLine(expected) == expected)
    }
}
