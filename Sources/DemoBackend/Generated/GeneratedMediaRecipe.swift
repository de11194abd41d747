import Foundation

/// What ``GeneratedMedia`` makes, with ffmpeg (`testsrc2` + a sine tone, fast presets, a few
/// seconds of media each), one folder per layout of `catalog.json` whose `source` is `generated`:
///
/// | folder | shape |
/// |---|---|
/// | `aes/` | 10 s H.264/AAC MPEG-TS, AES-128 (`#EXT-X-KEY:METHOD=AES-128,URI="enc.key",IV=…`) |
/// | `byterange/` | 10 s in one `media.ts`, segments as `#EXT-X-BYTERANGE` (`-hls_flags single_file`) |
/// | `hevc/` | 4 s HEVC 1920x1080 (`hvc1`) + AAC, fMP4 segments |
/// | `audio/` | `master.m3u8`: a video-only variant and an `#EXT-X-MEDIA:TYPE=AUDIO` rendition, 10 s |
/// | `discontinuity/` | 24 s: two 12 s recordings, each starting at timestamp 0, joined by `#EXT-X-DISCONTINUITY` |
/// | `montage/` | 60 s H.264/AAC 320x180 MPEG-TS with a running clock (`hh:mm:ss.mmm` of the recording and the frame number), 2 s segments: the montage scene's cameras |
///
/// and, in a folder of its own (``makeFrigate()``, for the Frigate flavour's vod):
///
/// | folder | shape |
/// |---|---|
/// | `frigate/` | 120 s H.264 (no B-frames, a keyframe every 10 s exactly) 640x360 10 fps + AAC 48 kHz, fMP4 HLS in 10 s segments: `init.mp4`, `segment0.m4s` … `segment11.m4s` |
///
/// and, in another (``makeLiveFrames()``, the Frigate flavour's live feed):
///
/// | folder | shape |
/// |---|---|
/// | `live/180/`, `live/360/` | 12 s of `testsrc2` at 5 fps with the frame number, as JPEG pictures `f001.jpg` … `f060.jpg`, 180 and 360 px high |
struct GeneratedMediaRecipe {
    /// Written last: a folder with it is complete.
    static let doneMarker = ".complete"

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let ffmpeg: String
    let output: URL

    func make() throws {
        try aes()
        try byteRange()
        try hevc()
        try audioRendition()
        try discontinuity()
        try montage()
    }

    /// The Frigate flavour's recording media: twelve 10 s fMP4 segments that each start with a
    /// keyframe, so one stands for one of Frigate's 10 s recording segments.
    func makeFrigate() throws {
        let folder = try directory("frigate")
        var video = "testsrc2=size=640x360:rate=10:duration=120"
        if let font = Self.font {
            video += ",drawtext=fontfile=\(font):fontsize=22:fontcolor=white:box=1:boxcolor=black@0.6"
                + ":x=8:y=8:text='%{pts\\:hms}  f%{frame_num}'"
        }
        try run(["-f", "lavfi", "-i", video, "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=120"]
            + ["-c:v", "libx264", "-preset", "veryfast", "-profile:v", "main", "-bf", "0", "-pix_fmt", "yuv420p",
               "-b:v", "200k", "-g", "100", "-keyint_min", "100", "-sc_threshold", "0"]
            + ["-c:a", "aac", "-b:a", "32k", "-ac", "1"]
            + hls(segment: 10, in: folder, name: "segment%d.m4s")
            + ["-hls_segment_type", "fmp4", "-hls_fmp4_init_filename", "init.mp4", folder.appending(path: "index.m3u8").path])
    }

    /// The Frigate flavour's live pictures: a moving test picture with its frame number, at the
    /// two heights the demo's feed serves (``FrigateLiveFrames``).
    func makeLiveFrames() throws {
        for height in FrigateLiveFrames.heights {
            let folder = try directory("live/\(height)")
            var video = "testsrc2=size=\(height * 16 / 9)x\(height):rate=\(FrigateLiveFrames.rate):duration=\(FrigateLiveFrames.seconds)"
            if let font = Self.font {
                video += ",drawtext=fontfile=\(font):fontsize=\(height / 8):fontcolor=white:box=1:boxcolor=black@0.6"
                    + ":x=8:y=8:text='live f%{frame_num}'"
            }
            try run(["-f", "lavfi", "-i", video, "-q:v", "8", folder.appending(path: "f%03d.jpg").path])
        }
    }

    // MARK: shapes

    private func aes() throws {
        let folder = try directory("aes")
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) })
        try key.write(to: folder.appending(path: "enc.key"))
        let info = output.appending(path: "aes-keyinfo.txt")
        // URI as written in the playlist, the key file, the IV.
        try "enc.key\n\(folder.appending(path: "enc.key").path)\n000102030405060708090a0b0c0d0e0f\n"
            .write(to: info, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: info) }
        try run(sources(seconds: 10) + h264(rate: 25) + aac() + hls(segment: 2, in: folder, name: "segment%d.ts")
            + ["-hls_key_info_file", info.path, folder.appending(path: "index.m3u8").path])
    }

    private func byteRange() throws {
        let folder = try directory("byterange")
        try run(sources(seconds: 10) + h264(rate: 25) + aac() + hls(segment: 2, in: folder, name: "media.ts")
            + ["-hls_flags", "single_file", folder.appending(path: "index.m3u8").path])
    }

    private func hevc() throws {
        let folder = try directory("hevc")
        try run(sources(seconds: 4, size: "1920x1080", rate: 10)
            + ["-c:v", "libx265", "-preset", "ultrafast", "-tag:v", "hvc1", "-pix_fmt", "yuv420p", "-b:v", "1500k",
               "-x265-params", "log-level=error:keyint=20:min-keyint=20:scenecut=0"]
            + aac() + hls(segment: 2, in: folder, name: "segment%d.m4s")
            + ["-hls_segment_type", "fmp4", "-hls_fmp4_init_filename", "init.mp4", folder.appending(path: "index.m3u8").path])
    }

    private func audioRendition() throws {
        let folder = try directory("audio")
        let video = try directory("audio/video"), audio = try directory("audio/audio")
        try run(sources(seconds: 10)
            + ["-map", "0:v"] + h264(rate: 25) + ["-an"] + hls(segment: 2, in: video, name: "segment%d.ts")
            + [video.appending(path: "index.m3u8").path]
            + ["-map", "1:a"] + aac() + ["-vn"] + hls(segment: 2, in: audio, name: "segment%d.ts")
            + [audio.appending(path: "index.m3u8").path])
        let master = """
            #EXTM3U
            #EXT-X-VERSION:3
            #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="Microphone",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,URI="audio/index.m3u8"
            #EXT-X-STREAM-INF:BANDWIDTH=220000,RESOLUTION=320x180,AUDIO="aud"
            video/index.m3u8

            """
        try master.write(to: folder.appending(path: "master.m3u8"), atomically: true, encoding: .utf8)
    }

    private func discontinuity() throws {
        let folder = try directory("discontinuity")
        // Two recordings of the same camera, both starting at timestamp 0 (it reconnected).
        try run(sources(seconds: 12) + h264(rate: 25) + aac() + hls(segment: 4, in: folder, name: "a%d.ts")
            + [output.appending(path: "discontinuity-a.m3u8").path])
        try run(sources(seconds: 12, pattern: "testsrc", tone: 660) + h264(rate: 25) + aac()
            + hls(segment: 4, in: folder, name: "b%d.ts") + [output.appending(path: "discontinuity-b.m3u8").path])
        let first = try segmentLines(output.appending(path: "discontinuity-a.m3u8"))
        let second = try segmentLines(output.appending(path: "discontinuity-b.m3u8"))
        let playlist = ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:4", "#EXT-X-MEDIA-SEQUENCE:0",
                        "#EXT-X-PLAYLIST-TYPE:VOD"] + first + ["#EXT-X-DISCONTINUITY"] + second + ["#EXT-X-ENDLIST", ""]
        try playlist.joined(separator: "\n").write(to: folder.appending(path: "index.m3u8"), atomically: true, encoding: .utf8)
        try? FileManager.default.removeItem(at: output.appending(path: "discontinuity-a.m3u8"))
        try? FileManager.default.removeItem(at: output.appending(path: "discontinuity-b.m3u8"))
    }

    /// The montage scene's recording: a minute, long enough to watch several cameras in step, with
    /// the media's own time drawn on every frame (a screen can see movement and compare tiles).
    private func montage() throws {
        let folder = try directory("montage")
        var video = "testsrc2=size=320x180:rate=25:duration=60"
        if let font = Self.font {
            video += ",drawtext=fontfile=\(font):fontsize=20:fontcolor=white:box=1:boxcolor=black@0.6"
                + ":x=4:y=4:text='%{pts\\:hms}  f%{frame_num}'"
        } else {
            video = "testsrc=size=320x180:rate=25:duration=60"   // draws its own counter
        }
        try run(["-f", "lavfi", "-i", video, "-f", "lavfi", "-i", "sine=frequency=330:sample_rate=44100:duration=60"]
            + h264(rate: 25) + aac() + hls(segment: 2, in: folder, name: "segment%d.ts")
            + [folder.appending(path: "index.m3u8").path])
    }

    /// A monospaced font for ffmpeg's `drawtext`, if one is installed.
    static var font: String? {
        ["/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"]
            .first { FileManager.default.fileExists(atPath: $0) }
    }

    // MARK: pieces of command lines

    private func sources(seconds: Int, size: String = "320x180", rate: Int = 25, pattern: String = "testsrc2", tone: Int = 440) -> [String] {
        ["-f", "lavfi", "-i", "\(pattern)=size=\(size):rate=\(rate):duration=\(seconds)",
         "-f", "lavfi", "-i", "sine=frequency=\(tone):sample_rate=44100:duration=\(seconds)"]
    }

    private func h264(rate: Int) -> [String] {
        ["-c:v", "libx264", "-preset", "veryfast", "-profile:v", "main", "-pix_fmt", "yuv420p", "-b:v", "160k",
         "-g", "\(rate * 2)", "-keyint_min", "\(rate * 2)", "-sc_threshold", "0"]
    }

    private func aac() -> [String] { ["-c:a", "aac", "-b:a", "32k", "-ac", "1"] }

    private func hls(segment: Int, in folder: URL, name: String) -> [String] {
        ["-f", "hls", "-hls_time", "\(segment)", "-hls_list_size", "0", "-hls_playlist_type", "vod",
         "-hls_segment_filename", folder.appending(path: name).path]
    }

    // MARK: helpers

    private func directory(_ name: String) throws -> URL {
        let url = output.appending(path: name, directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// `#EXTINF` and URI lines of a generated media playlist.
    private func segmentLines(_ url: URL) throws -> [String] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
            .filter { $0.hasPrefix("#EXTINF") || !$0.hasPrefix("#") && !$0.isEmpty }
    }

    /// Runs ffmpeg to completion (the caller is on a queue of its own); stderr goes to a file so
    /// a chatty run cannot fill a pipe.
    private func run(_ arguments: [String]) throws {
        let log = output.appending(path: "ffmpeg-\(UUID().uuidString).log")
        try Data().write(to: log)
        defer { try? FileManager.default.removeItem(at: log) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-nostdin", "-hide_banner", "-loglevel", "error", "-y"] + arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            let last = text.split(separator: "\n").last.map(String.init) ?? "exit status \(process.terminationStatus)"
            throw Failure(description: "ffmpeg failed: \(last)")
        }
    }

    /// A path, or a name looked up on `PATH`.
    static func locate(_ name: String) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
