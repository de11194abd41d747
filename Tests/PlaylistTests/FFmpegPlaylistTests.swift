import Foundation
import Testing
@testable import Playlist

/// Real playlists: ffmpeg writes HLS at test time (ts, fMP4, byte ranges in one file, a master
/// with two variants) and the rewriter must handle each.
@Suite("Playlists written by ffmpeg", .serialized)
struct FFmpegPlaylistTests {
    static let base = "http://127.0.0.1:8080/media/30-days/evt-x/"

    /// Runs ffmpeg on 4 s of test pattern + tone; returns the output directory.
    static func make(_ name: String, _ arguments: [String], output: String = "index.m3u8") async throws -> URL {
        let directory = try temporaryDirectory("ffmpeg-\(name)")
        let input = ["-f", "lavfi", "-i", "testsrc=size=160x90:rate=10", "-f", "lavfi", "-i", "sine=frequency=440",
                     "-t", "4", "-c:v", "libx264", "-preset", "ultrafast", "-g", "10", "-c:a", "aac"]
        let status = try await run(["ffmpeg", "-hide_banner", "-loglevel", "error", "-y"] + input + arguments
                             + ["-f", "hls", "-hls_time", "1", "-hls_list_size", "0", directory.appendingPathComponent(output).path],
                             log: directory.appendingPathComponent("ffmpeg.log"))
        #expect(status == 0, "ffmpeg failed: \((try? String(contentsOf: directory.appendingPathComponent("ffmpeg.log"), encoding: .utf8)) ?? "")")
        return directory
    }

    /// Rewrites `file` as if fetched from `base + path`; checks every URI line and URI attribute.
    static func check(_ file: URL, path: String) throws -> (String, M3U8Summary) {
        let input = try String(contentsOf: file, encoding: .utf8)
        let (text, summary) = try rewrite(input, base: base + path, token: "T0k", endList: true)
        let inputLines = lines(input), outputLines = lines(text)
        let uriLines = inputLines.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        if summary.kind == .media { #expect(summary.segmentCount == uriLines.count) }
        #expect(summary.segmentCount > 0 || summary.kind == .master)
        for (before, after) in zip(inputLines, outputLines) {
            if before.hasPrefix("#") && !before.contains("URI=\"") {
                #expect(before == after)
            } else if !before.isEmpty && !before.hasPrefix("#") {
                let directory = (path as NSString).deletingLastPathComponent
                let expected = base + (directory.isEmpty ? "" : directory + "/") + before + "?Authorization=T0k"
                #expect(after == expected)
            }
        }
        for line in outputLines where line.contains("URI=\"") {
            #expect(line.contains("URI=\"http://127.0.0.1:8080/media/30-days/evt-x/"), "\(line)")
            #expect(line.contains("?Authorization=T0k\""), "\(line)")
        }
        #expect(outputLines.last == "#EXT-X-ENDLIST" || summary.kind == .master)
        return (text, summary)
    }

    @Test("MPEG-TS segments")
    func ts() async throws {
        let directory = try await Self.make("ts", [])
        defer { try? FileManager.default.removeItem(at: directory) }
        let (_, summary) = try Self.check(directory.appendingPathComponent("index.m3u8"), path: "index.m3u8")
        #expect(summary.kind == .media && summary.hasEndList && abs(summary.totalDuration - 4) < 0.5)
    }

    @Test("fMP4: #EXT-X-MAP and .m4s segments")
    func fmp4() async throws {
        let directory = try await Self.make("fmp4", ["-hls_segment_type", "fmp4"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let (text, summary) = try Self.check(directory.appendingPathComponent("index.m3u8"), path: "index.m3u8")
        #expect(text.contains("#EXT-X-MAP:URI=\"http://127.0.0.1:8080/media/30-days/evt-x/init.mp4?Authorization=T0k\""))
        #expect(text.contains(".m4s?Authorization=T0k\n") && summary.segmentCount >= 3)
    }

    @Test("byte ranges in a single file")
    func singleFile() async throws {
        let directory = try await Self.make("single", ["-hls_flags", "single_file"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let (text, summary) = try Self.check(directory.appendingPathComponent("index.m3u8"), path: "index.m3u8")
        #expect(text.contains("#EXT-X-BYTERANGE:"))
        #expect(Set(lines(text).filter { $0.hasPrefix("http") }).count == 1 && summary.segmentCount >= 3)
    }

    @Test("a master playlist with two variants in subfolders")
    func master() async throws {
        let directory = try await Self.make("master", [
            "-map", "0:v", "-map", "0:v", "-map", "1:a", "-map", "1:a", "-s:v:0", "160x90", "-s:v:1", "320x180",
            "-var_stream_map", "v:0,a:0 v:1,a:1", "-master_pl_name", "master.m3u8",
        ], output: "v%v/index.m3u8")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (_, summary) = try Self.check(directory.appendingPathComponent("master.m3u8"), path: "master.m3u8")
        #expect(summary.kind == .master)
        #expect(summary.variantURIs == [Self.base + "v0/index.m3u8?Authorization=T0k", Self.base + "v1/index.m3u8?Authorization=T0k"])
        for variant in ["v0", "v1"] {
            let (_, variantSummary) = try Self.check(directory.appendingPathComponent("\(variant)/index.m3u8"), path: "\(variant)/index.m3u8")
            #expect(variantSummary.kind == .media && variantSummary.segmentCount >= 3)
        }
    }
}
