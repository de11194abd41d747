import Foundation
import SystemSupport
import Testing
@testable import Playlist

/// Random playlists from a seeded generator: what must hold whatever the playlist.
@Suite("M3U8Rewriter properties")
struct M3U8PropertyTests {
    struct Generated {
        var text: String
        var segmentCount = 0
        var duration = 0.0
        /// Lines without a URI, in order (line endings normalised).
        var plainLines: [String] = []
        /// URI lines as written, in order.
        var uriLines: [String] = []
    }

    static let token = "tk+/=ü"
    static let base = "https://cdn.example.com/media/7-days/evt-42/index.m3u8?Authorization=stale&keep=1"

    static func generate(seed: UInt64) -> Generated {
        var g = SplitMix64(seed: seed)
        func pick<T>(_ items: [T]) -> T { items.randomElement(using: &g)! }
        let newline = pick(["\n", "\r\n", "\r"])
        var out = Generated(text: "")
        var lines: [String] = []
        func plain(_ line: String) { lines.append(line); out.plainLines.append(line) }
        if Bool.random(using: &g) { out.text = "\u{FEFF}" }
        plain("#EXTM3U")
        plain("#EXT-X-VERSION:\(Int.random(in: 3...9, using: &g))")
        plain("#EXT-X-TARGETDURATION:\(Int.random(in: 1...10, using: &g))")
        if Bool.random(using: &g) { plain("#EXT-X-MEDIA-SEQUENCE:\(Int.random(in: 0...1000, using: &g))") }
        let names = ["seg", "segment_", "chunk-", "part", "media"]
        let extensions = [".ts", ".m4s", ".aac", ".mp4", "", ".TS"]
        let prefixes = ["", "./", "../", "../../", "sub/", "/abs/", "//cdn.example.net/p/", "https://other.example/q/", "http://o.example/"]
        let queries = ["", "?v=1", "?Authorization=old", "?a=1&Authorization=old&b=2", "?x=%20y", "?a=1#frag", "#t=1"]
        for n in 0..<Int.random(in: 0...60, using: &g) {
            switch Int.random(in: 0..<10, using: &g) {
            case 0: plain("# comment \(n) with ../odd \"quotes\"")
            case 1: plain("")
            case 2: plain("#EXT-X-DISCONTINUITY")
            case 3: plain("#EXT-X-VENDOR-\(n):A=\"1,2\",B=3")
            default: break
            }
            let duration = Double(Int.random(in: 1...10_000, using: &g)) / 1000
            out.duration += duration
            plain("#EXTINF:\(String(format: "%.3f", duration)),title \(n)")
            if Bool.random(using: &g) { plain("#EXT-X-BYTERANGE:\(Int.random(in: 1...9999, using: &g))@0") }
            let uri = pick(prefixes) + pick(names) + "\(n)" + pick(extensions) + pick(queries)
            lines.append(uri)
            out.uriLines.append(uri)
            out.segmentCount += 1
        }
        if Bool.random(using: &g) { plain("#EXT-X-ENDLIST") }
        out.text += lines.joined(separator: newline) + (Bool.random(using: &g) ? newline : "")
        return out
    }

    @Test("random playlists keep segments, durations and other lines; every URI absolute with one token",
          arguments: 0..<300 as Range<UInt64>)
    func property(seed: UInt64) throws {
        let playlist = Self.generate(seed: seed)
        let (text, summary) = try rewrite(playlist.text, base: Self.base, token: Self.token, endList: true)
        #expect(summary.segmentCount == playlist.segmentCount, "seed \(seed)")
        #expect(abs(summary.totalDuration - playlist.duration) < 1e-6, "seed \(seed)")
        let output = lines(text)
        let plainOut = output.filter { $0.isEmpty || $0.hasPrefix("#") }
        let expectedPlain = playlist.plainLines + (playlist.plainLines.contains("#EXT-X-ENDLIST") ? [] : ["#EXT-X-ENDLIST"])
        #expect(plainOut == expectedPlain, "seed \(seed)")
        let uris = output.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        #expect(uris.count == playlist.uriLines.count, "seed \(seed)")
        for (uri, original) in zip(uris, playlist.uriLines) {
            let components = URLComponents(string: uri)
            #expect(components?.scheme?.hasPrefix("http") == true && components?.host != nil, "seed \(seed): \(uri)")
            let items = queryItems(uri)
            #expect(items.filter { $0.0 == "Authorization" }.count == 1, "seed \(seed): \(uri)")
            #expect(items.last?.0 == "Authorization" && items.last?.1 == "tk%2B%2F%3D%C3%BC", "seed \(seed): \(uri)")
            let kept = queryItems("http://x/" + original).filter { $0.0 != "Authorization" }
            #expect(items.dropLast().map(\.0) == kept.map(\.0), "seed \(seed): \(original) -> \(uri)")
            #expect(URL(string: uri) != nil)
        }
        let (again, _) = try rewrite(text, base: Self.base, token: Self.token, endList: true)
        #expect(again == text, "seed \(seed): not idempotent")
    }
}
