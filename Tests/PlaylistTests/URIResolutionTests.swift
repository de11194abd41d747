import Foundation
import Testing
@testable import Playlist

@Suite("RFC 3986 reference resolution on bytes")
struct URIResolutionTests {
    static let rfcBase = URL(string: "http://a/b/c/d;p?q")!

    /// RFC 3986 §5.4.1 and §5.4.2 (all but "g:h", another scheme, which is left alone).
    static let rfcExamples: [(String, String)] = [
        ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"), ("/g", "http://a/g"),
        ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"), ("#s", "http://a/b/c/d;p?q#s"),
        ("g#s", "http://a/b/c/g#s"), ("g?y#s", "http://a/b/c/g?y#s"), (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"),
        ("g;x?y#s", "http://a/b/c/g;x?y#s"), ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"), ("./", "http://a/b/c/"),
        ("..", "http://a/b/"), ("../", "http://a/b/"), ("../g", "http://a/b/g"), ("../..", "http://a/"),
        ("../../", "http://a/"), ("../../g", "http://a/g"),
        ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"), ("/./g", "http://a/g"), ("/../g", "http://a/g"),
        ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"), ("g..", "http://a/b/c/g.."), ("..g", "http://a/b/c/..g"),
        ("./../g", "http://a/b/g"), ("./g/.", "http://a/b/c/g/"), ("g/./h", "http://a/b/c/g/h"), ("g/../h", "http://a/b/c/h"),
        ("g;x=1/./y", "http://a/b/c/g;x=1/y"), ("g;x=1/../y", "http://a/b/c/y"), ("g?y/./x", "http://a/b/c/g?y/./x"),
        ("g?y/../x", "http://a/b/c/g?y/../x"), ("g#s/./x", "http://a/b/c/g#s/./x"), ("g#s/../x", "http://a/b/c/g#s/../x"),
        ("http:g", "http:g"),
    ]

    @Test("RFC 3986 §5.4 examples", arguments: rfcExamples)
    func rfcExample(reference: String, expected: String) {
        #expect(M3U8Rewriter.resolve(reference, against: Self.rfcBase) == expected)
    }

    static let bases = [
        "http://a/b/c/d;p?q",
        "https://cdn.example.com/media/30-days/evt-1/index.m3u8?Authorization=old&x=1",
        "http://127.0.0.1:8080/media/7-days/evt-master/",
        "https://h.example/a/b/c/d/e/f.m3u8",
        "http://user@h.example:81/x/./y/../z/list.m3u8",
        "https://h.example",
    ]

    /// Relative references built from segments, with and without queries and fragments.
    static var references: [String] {
        let segments = ["..", ".", "a", "seg1.ts", "x.m4s", "", "b%20c.aac", "noext"]
        var result: [String] = ["//cdn.example/x.ts", "//cdn.example", "https://o.example/p/q.ts", "HTTP://O.EXAMPLE/Q.TS",
                                "/abs.ts", "/", "?q=1", "#f"]
        for first in segments {
            for second in segments {
                for prefix in ["", "/", "./", "../"] {
                    result.append(prefix + first + "/" + second)
                }
            }
            result.append(first)
        }
        for suffix in ["?a=1&b=2", "?Authorization=z", "#frag", "?a=1#frag"] {
            result += ["seg.ts" + suffix, "../x/seg.ts" + suffix, "/abs.ts" + suffix]
        }
        return result
    }

    @Test("agrees with Foundation's URL(string:relativeTo:) on common cases", arguments: bases)
    func agreesWithFoundation(base: String) {
        let baseURL = URL(string: base)!
        var compared = 0
        for reference in Self.references {
            guard let foundation = URL(string: reference, relativeTo: baseURL)?.absoluteString else { continue }
            let mine = M3U8Rewriter.resolve(reference, against: baseURL)
            #expect(mine == foundation, "reference \"\(reference)\" against \(base)")
            compared += 1
        }
        #expect(compared > 200)
    }
}
