import Foundation

/// Short HLS media made with ffmpeg at test time (once per test process) in a temp directory:
/// ts with and without `#EXT-X-ENDLIST`, fMP4, extension-less segment names, a missing segment.
struct HLSFixtures: Sendable {
    /// Seconds of media in each fixture (2 s segments).
    static let duration = 8.0
    static let shared: HLSFixtures = {
        do { return try HLSFixtures.make() } catch { fatalError("cannot make HLS fixtures with ffmpeg: \(error)") }
    }()

    let directory: URL
    var tsEndlist: URL { directory.appending(path: "ts/index.m3u8") }
    var fmp4: URL { directory.appending(path: "fmp4/index.m3u8") }
    var extensionless: URL { directory.appending(path: "noext/index") }
    var missingSegment: URL { directory.appending(path: "ts/missing.m3u8") }
    var lines: [String] { (try? String(contentsOf: tsEndlist, encoding: .utf8))?.components(separatedBy: "\n") ?? [] }

    static func make() throws -> HLSFixtures {
        let directory = FileManager.default.temporaryDirectory.appending(path: "player-tests-\(UUID().uuidString)")
        for sub in ["ts", "fmp4", "noext"] {
            try FileManager.default.createDirectory(at: directory.appending(path: sub), withIntermediateDirectories: true)
        }
        let input = ["-f", "lavfi", "-i", "testsrc=size=160x90:rate=25", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100",
                     "-t", String(Int(duration)), "-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-sc_threshold", "0",
                     "-c:a", "aac", "-f", "hls", "-hls_time", "2", "-hls_list_size", "0"]
        try ffmpeg(input + ["-hls_segment_filename", directory.appending(path: "ts/seg%d.ts").path, directory.appending(path: "ts/index.m3u8").path])
        try ffmpeg(input + ["-hls_segment_type", "fmp4", "-hls_fmp4_init_filename", "init.mp4",
                            "-hls_segment_filename", directory.appending(path: "fmp4/seg%d.m4s").path, directory.appending(path: "fmp4/index.m3u8").path])
        let fixtures = HLSFixtures(directory: directory)
        // Extension-less: the ts segments as "part0"..., the playlist as "index".
        var noext: [String] = []
        for line in fixtures.lines {
            if line.hasSuffix(".ts") {
                let name = "part" + line.dropFirst(3).dropLast(3)
                try FileManager.default.copyItem(at: directory.appending(path: "ts/\(line)"), to: directory.appending(path: "noext/\(name)"))
                noext.append(name)
            } else {
                noext.append(line)
            }
        }
        try noext.joined(separator: "\n").write(to: fixtures.extensionless, atomically: true, encoding: .utf8)
        // Missing: the second segment points at a file that does not exist.
        let missing = fixtures.lines.map { $0 == "seg1.ts" ? "gone1.ts" : $0 }
        try missing.joined(separator: "\n").write(to: fixtures.missingSegment, atomically: true, encoding: .utf8)
        return fixtures
    }

    /// A playlist in a fresh file next to the ts segments: the first `segments` entries, with or
    /// without `#EXT-X-ENDLIST`.
    func tsPlaylist(segments: Int, endList: Bool) throws -> URL {
        var out: [String] = []
        var count = 0
        for line in lines where line != "#EXT-X-ENDLIST" && !line.isEmpty {
            if line.hasPrefix("#EXTINF") && count == segments { break }
            out.append(line)
            if line.hasSuffix(".ts") { count += 1 }
        }
        if endList { out.append("#EXT-X-ENDLIST") }
        let url = directory.appending(path: "ts/live-\(UUID().uuidString).m3u8")
        try (out.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    private static func ffmpeg(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        process.arguments = ["-hide_banner", "-loglevel", "error", "-y"] + arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "ffmpeg exited \(process.terminationStatus)"])
        }
    }
}
