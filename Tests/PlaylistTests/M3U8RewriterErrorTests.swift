import Foundation
import SystemSupport
import Testing
@testable import Playlist

@Suite("M3U8Rewriter bad input: errors with line numbers, never a crash or a hang")
struct M3U8RewriterErrorTests {
    static let base = URL(string: "https://cdn.example.com/a/index.m3u8")!

    func error(_ bytes: [UInt8], limits: M3U8Rewriter.Limits = .init()) -> M3U8Error? {
        do {
            _ = try M3U8Rewriter(playlistURL: Self.base, token: "t", limits: limits).rewrite(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test("bad input", arguments: [
        ("", M3U8Error.Code.empty, 0),
        ("\u{FEFF}", .empty, 0),
        ("\n\n  \n", .missingHeader, 1),
        ("hello world\n", .missingHeader, 1),
        ("<html><body>502 Bad Gateway</body></html>", .missingHeader, 1),
        ("#EXTM3", .missingHeader, 1),
        ("#EXTM3Ux\n", .missingHeader, 1),
        ("\n#EXTINF:2,\n#EXTM3U\n", .missingHeader, 2),
        ("#EXTM3U\nseg\u{0}.ts\n", .controlCharacter, 2),
        ("#EXTM3U\n#EXTINF:2,\u{1B}[31m\n", .controlCharacter, 2),
    ] as [(String, M3U8Error.Code, Int)])
    func badInput(input: String, code: M3U8Error.Code, line: Int) {
        let error = error(Array(input.utf8))
        #expect(error?.code == code)
        #expect(error?.line == line)
        #expect(error.map { !$0.description.isEmpty } == true)
    }

    @Test("not UTF-8 names the line")
    func notUTF8() {
        for bad: [UInt8] in [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80]] {
            let error = error(Array("#EXTM3U\n#EXTINF:2,\n".utf8) + bad + Array(".ts\n".utf8))
            #expect(error?.code == .notUTF8 && error?.line == 3)
            #expect(error?.description.contains("line 3") == true)
        }
        #expect(error(Array("#EXTM3U\n#EXTINF:2,Ünïcødé 🎥\nä.ts\n".utf8)) == nil)
    }

    @Test("binary garbage is refused")
    func garbage() {
        var generator = SplitMix64(seed: 42)
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 1...4096, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(error(bytes) != nil)
        }
        #expect(error([0x1F, 0x8B, 0x08, 0x00] + Array(repeating: 0, count: 100))?.code == .missingHeader)   // gzip
    }

    @Test("over the size cap, and 100 MB without a newline")
    func caps() throws {
        let big = [UInt8](repeating: 0x61, count: 100 << 20)
        #expect(error(big)?.code == .tooLarge)
        #expect(error(big)?.description.contains("104857600 bytes") == true)
        let header = Array("#EXTM3U\n".utf8)
        let error = error(header + big, limits: .init(maxBytes: 200 << 20))
        #expect(error?.code == .lineTooLong && error?.line == 2)
        #expect(self.error(Array("#EXTM3U\nabcdefgh\n".utf8), limits: .init(maxBytes: 100, maxLineBytes: 7))?.line == 2)
        #expect(self.error(Array("#EXTM3U\nabcdef\n".utf8), limits: .init(maxBytes: 10))?.code == .tooLarge)
    }

    @Test("a playlist URL that is not absolute http(s) is refused")
    func badBase() {
        for base in ["file:///tmp/x.m3u8", "x.m3u8", "data:,x"] {
            let rewriter = M3U8Rewriter(playlistURL: URL(string: base)!, token: "t")
            #expect(throws: M3U8Error.self) { try rewriter.rewrite(Data("#EXTM3U\n".utf8)) }
        }
    }

    @Test("a failing output sink is a clear error")
    func sinkFailure() {
        struct Full: Error {}
        let rewriter = M3U8Rewriter(playlistURL: Self.base, token: "t")
        do {
            _ = try rewriter.rewrite(Data("#EXTM3U\na.ts\n".utf8)) { _ in throw Full() }
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .writeFailed)
        }
    }
}
