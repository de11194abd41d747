import Foundation
import Networking
import Testing
@testable import PlaybackProxy
import Playlist

/// Pure parts: proxied URIs, the origin policy, the rewriter's proxy mode.
@Suite struct ProxyPaths {
    @Test func proxiedURIRoundTrips() throws {
        let upstream = URL(string: "https://cdn.example:8443/v/1/seg0.m4s?v=1&q=a%20b")!
        let uri = ProxiedURI(kind: .mediaSegment, upstream: upstream)
        #expect(uri.path == "mediaSegment/https/cdn.example:8443/v/1/seg0.m4s?v=1&q=a%20b")
        #expect(ProxiedURI(path: uri.path) == uri)
    }

    @Test(arguments: ["nope/http/h/a", "mediaSegment/ftp/h/a", "mediaSegment/http//evil/a", "mediaSegment/http/", "mediaSegment"])
    func proxiedURIRejectsJunk(path: String) {
        #expect(ProxiedURI(path: path) == nil)
    }

    @Test func originPolicyAllowsOnlyTheEventsOrigin() {
        let policy = OriginPolicy(allowed: [URL(string: "http://127.0.0.1:8080/media/a/index.m3u8")!])
        #expect(policy.allows(URL(string: "http://127.0.0.1:8080/media/b/seg0.ts")!))
        #expect(!policy.allows(URL(string: "http://127.0.0.1:8081/media/b/seg0.ts")!))
        #expect(!policy.allows(URL(string: "https://127.0.0.1:8080/media/b/seg0.ts")!))
        #expect(!policy.allows(URL(string: "http://169.254.169.254/latest/meta-data")!))
        #expect(!policy.allows(URL(string: "http://user@127.0.0.1:8080/x")!))
        let https = OriginPolicy(allowed: [URL(string: "https://CDN.example/a")!])
        #expect(https.allows(URL(string: "https://cdn.example:443/b")!))
    }

    @Test func rewriterProxyModePointsEveryURIKindIntoTheProxy() throws {
        let input = """
        #EXTM3U
        #EXT-X-KEY:METHOD=AES-128,URI="key.bin"
        #EXT-X-MAP:URI="init.mp4"
        #EXTINF:2,
        seg0.m4s?v=1&Authorization=stale
        #EXT-X-PART:DURATION=1,URI="part0.m4s"
        #EXTINF:2,
        /abs/seg1.m4s
        #EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://key"
        """
        let rewriter = M3U8Rewriter(playlistURL: URL(string: "http://o.example:81/v/index.m3u8")!, token: "tok",
                                    appendsEndList: true, proxyBase: "http://127.0.0.1:9/p/")
        let output = String(decoding: try rewriter.rewrite(Data(input.utf8)).output, as: UTF8.self)
        #expect(output == """
        #EXTM3U
        #EXT-X-KEY:METHOD=AES-128,URI="http://127.0.0.1:9/p/keyHlsAes/http/o.example:81/v/key.bin"
        #EXT-X-MAP:URI="http://127.0.0.1:9/p/mediaInit/http/o.example:81/v/init.mp4"
        #EXTINF:2,
        http://127.0.0.1:9/p/mediaSegment/http/o.example:81/v/seg0.m4s?v=1&Authorization=stale
        #EXT-X-PART:DURATION=1,URI="http://127.0.0.1:9/p/mediaSegment/http/o.example:81/v/part0.m4s"
        #EXTINF:2,
        http://127.0.0.1:9/p/mediaSegment/http/o.example:81/abs/seg1.m4s
        #EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://key"
        #EXT-X-ENDLIST

        """)
        #expect(!output.contains("tok"))
    }

    @Test func rewriterProxyModeMarksAMastersVariants() throws {
        let input = "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nlow/index.m3u8\n#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"a\",NAME=\"a\",URI=\"audio/index.m3u8\"\n"
        let rewriter = M3U8Rewriter(playlistURL: URL(string: "https://o.example/m.m3u8")!, token: "", proxyBase: "http://127.0.0.1:9/p/")
        let (output, summary) = try rewriter.rewrite(Data(input.utf8))
        #expect(summary.kind == .master)
        #expect(summary.variantURIs == ["http://127.0.0.1:9/p/manifestHlsVariant/https/o.example/low/index.m3u8",
                                        "http://127.0.0.1:9/p/manifestHlsVariant/https/o.example/audio/index.m3u8"])
        #expect(String(decoding: output, as: UTF8.self).contains("\nhttp://127.0.0.1:9/p/manifestHlsVariant/https/o.example/low/index.m3u8\n"))
    }

    @Test func failureSaysWhichSegmentAndWhy() {
        let failure = ProxyFailure(kind: .mediaSegment, target: "127.0.0.1:8080/media/30-days/evt-broken/segment2.ts",
                                   status: 500, attempts: 4, reason: "…")
        #expect(failure.description == "segment2.ts failed: HTTP 500 after 4 attempts")
    }
}

@Suite struct DownloadRates {
    static func record(at seconds: Double, bytes: Int, ms: Double = 0) -> RequestRecord {
        RequestRecord(date: Date(timeIntervalSince1970: seconds), kind: .mediaSegment, method: "GET", target: "h/s.ts",
                      status: 200, attempt: 1, delay: 0, milliseconds: ms, bytes: bytes)
    }

    @Test func countsTheBytesOfTheLastWindow() {
        var rate = DownloadRate(window: 5)
        rate.add(Self.record(at: 0, bytes: 1_000_000))
        rate.add(Self.record(at: 3, bytes: 4_000_000, ms: 1000))   // last byte at 4 s
        #expect(rate.bytesPerSecond(now: Date(timeIntervalSince1970: 4)) == 1_000_000)
        #expect(rate.text(now: Date(timeIntervalSince1970: 4)) == "1.0 MB/s")
        #expect(rate.bytesPerSecond(now: Date(timeIntervalSince1970: 8)) == 800_000)   // the first fell out
        #expect(rate.text(now: Date(timeIntervalSince1970: 20)) == "0 B/s")
    }
}

extension ProxyPaths {
    /// A part of a discontinuous playlist (`part/<n>/`) reads back, with and without `plain/`.
    @Test func aPartReadsBack() throws {
        let upstream = try #require(URL(string: "http://127.0.0.1:9/media/b/e/index.m3u8?v=1"))
        for carries in [true, false] {
            let uri = ProxiedURI(kind: .manifestHlsMaster, upstream: upstream, carriesToken: carries, part: 3)
            #expect(uri.path.hasPrefix("part/3/"))
            #expect(ProxiedURI(path: uri.path) == uri)
        }
        #expect(ProxiedURI(path: "part/x/manifestHlsMaster/http/127.0.0.1:9/a.m3u8") == nil)
        #expect(ProxiedURI(path: "part/-1/manifestHlsMaster/http/127.0.0.1:9/a.m3u8") == nil)
    }
}
