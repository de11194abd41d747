import DemoBackend
import Foundation
import TestSupport
import Testing

/// `eventplayer export` of every generated stream shape a player plays (AES-128, byte ranges, HEVC
/// 1080p, a separate audio rendition), in each `--format`, checked with ffprobe. Export does not
/// depend on the network mode (proxy/direct is how libmpv reaches the media; export fetches
/// through the pipeline itself), so one mode covers it.
@Suite("eventplayer export: every shape whole", .serialized, .machineShare)
struct ExportEveryShapeTests {
    struct Shape: Sendable, CustomTestStringConvertible {
        let id: String
        /// The event's duration (catalog.json).
        let seconds: Double
        /// Two frames of its video (and a millisecond of rounding).
        let tolerance: Double
        let width: Int
        var testDescription: String { id }
    }

    static let shapes = [
        Shape(id: "evt-aes", seconds: 10, tolerance: 0.081, width: 320),
        Shape(id: "evt-byterange", seconds: 10, tolerance: 0.081, width: 320),
        Shape(id: "evt-hevc", seconds: 4, tolerance: 0.201, width: 1920),
        Shape(id: "evt-audio-rendition", seconds: 10, tolerance: 0.081, width: 320),
    ]

    typealias Setup = ExportCommandTests.Setup

    /// ``ExportCommandTests/setUp()`` for an event of the generated media, which must be there.
    func setUp(_ id: String) async throws -> Setup {
        let setup = try await ExportCommandTests().setUp()
        try #require(setup.server.fixedEventIDs.contains(id), "generated media missing (ffmpeg?)")
        return setup
    }

    /// Before: evt-aes and evt-byterange were refused ("encrypted events cannot be exported",
    /// "uses byte ranges"), evt-audio-rendition gave a file without audio.
    @Test(arguments: shapes, ["default", "ts", "mp4"])
    func everyShapeExportsEveryStreamWithTheEventsDuration(shape: Shape, format: String) async throws {
        let setup = try await setUp(shape.id)
        defer { Task { await setup.server.stop() } }
        var arguments = ["export", shape.id, "-o", setup.directory.path + "/", "--server", setup.url]
        if format != "default" { arguments += ["--format", format] }
        let run = try await setup.binary.run(arguments)
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: setup.directory.path)
        #expect(files.count == 1, "only the final file is left (no key, no .part): \(files)")
        let name = try #require(files.first)
        if format != "default" { #expect(name.hasSuffix("." + format)) }
        let probe = try await FFprobe.probe(setup.directory.appending(path: name))
        #expect(probe.streamTypes == ["audio", "video"], "\(name): \(probe.streamTypes)")
        #expect(abs(probe.duration - shape.seconds) <= shape.tolerance, "\(name): duration \(probe.duration) of a \(shape.seconds) s event")
        #expect(probe.width == shape.width)
        let media = await setup.server.requestLog().filter { $0.path.hasPrefix("/media/") }
        #expect(media.allSatisfy { $0.status == 200 || $0.status == 206 }, "\(media.map(\.description))")
        if shape.id == "evt-aes" {
            let keys = media.filter { $0.path.hasSuffix("enc.key") }
            #expect(!keys.isEmpty && keys.allSatisfy { $0.mediaToken != nil }, "the key is fetched with the bucket's token")
        }
        if shape.id == "evt-audio-rendition" {
            // The two renditions share one timeline: the audio starts a little before the first
            // video frame (encoder delay); the file keeps that offset (lip sync).
            let root = try #require(await GeneratedMedia.prepare())
            let video = try await FFprobe.probe(root.appending(path: "audio/video/segment0.ts"))
            let audio = try await FFprobe.probe(root.appending(path: "audio/audio/segment0.ts"))
            let source = try #require(video.startTimes["video"]) - #require(audio.startTimes["audio"])
            let exported = try #require(probe.startTimes["video"]) - #require(probe.startTimes["audio"])
            #expect(abs(exported - source) < 0.005, "video starts \(exported) s after the audio; in the source \(source) s")
        }
        if shape.id == "evt-byterange" {
            let ranges = media.filter { $0.path.hasSuffix("media.ts") }
            #expect(ranges.count == 5 && ranges.allSatisfy { $0.status == 206 }, "one Range request per segment: \(ranges.map(\.status))")
        }
    }

    /// `-o -` streams shapes that need no remux (decrypted, byte ranges joined); a separate audio
    /// rendition needs ffmpeg to join the two tracks, so `-o -` says to use a file.
    @Test func standardOutputStreamsAnEncryptedEventDecryptedAndRefusesASeparateAudioRendition() async throws {
        let setup = try await setUp("evt-aes")
        defer { Task { await setup.server.stop() } }
        let file = setup.directory.appending(path: "stream.ts")
        let run = try await setup.binary.run(command: ["/bin/sh", "-c", #"exec "$0" "$@" > "$OUT""#, setup.binary.url.path,
                                                       "export", "evt-aes", "-o", "-", "--server", setup.url],
                                             environment: ["OUT": file.path])
        #expect(run.status == 0, "\(run.stderr)")
        let probe = try await FFprobe.probe(file)
        #expect(probe.streamTypes == ["audio", "video"])
        #expect(abs(probe.duration - 10) <= 0.08, "\(probe.duration)")

        let rendition = try await setup.binary.run(command: ["/bin/sh", "-c", #"exec "$0" "$@" > /dev/null"#, setup.binary.url.path,
                                                             "export", "evt-audio-rendition", "-o", "-", "--server", setup.url])
        #expect(rendition.status == 1)
        #expect(rendition.stderr.contains("separate audio rendition") && rendition.stderr.contains("-o NAME."), "\(rendition.stderr)")
    }

    /// The key goes through the pipeline like the segments: a refused token (401) is refreshed
    /// once and the export completes; a key that is missing (404) is an error that names it,
    /// leaves no final file and prints no token.
    @Test func aRefusedKeyIsRefreshedAndAMissingKeyIsAnErrorThatSaysSo() async throws {
        let setup = try await setUp("evt-aes")
        defer { Task { await setup.server.stop() } }
        await setup.server.faults.failPath(containing: "evt-aes/enc.key", status: 401, times: 1)
        let refreshed = setup.directory.appending(path: "refreshed.ts")
        let run = try await setup.binary.run(["export", "evt-aes", "-o", refreshed.path, "--server", setup.url])
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let keys = await setup.server.requestLog().filter { $0.path.hasSuffix("evt-aes/enc.key") }.map(\.status)
        #expect(keys.first == 401 && keys.last == 200, "\(keys)")
        let probe = try await FFprobe.probe(refreshed)
        #expect(probe.streamTypes == ["audio", "video"])

        await setup.server.faults.failPath(containing: "evt-aes/enc.key", status: 404)
        let missing = setup.directory.appending(path: "missing.ts")
        let failed = try await setup.binary.run(["export", "evt-aes", "-o", missing.path, "--server", setup.url])
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("the AES-128 key of segment"), "\(failed.stderr)")
        #expect(!failed.stderr.contains("Authorization="), "no token in the message: \(failed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: missing.path))
    }

    /// Interrupted mid-way, an encrypted export resumes from its journal and the result is whole.
    @Test(.timeLimit(.minutes(2)))
    func anInterruptedEncryptedExportResumesWhole() async throws {
        let setup = try await setUp("evt-aes")
        defer { Task { await setup.server.stop() } }
        let output = setup.directory.appending(path: "clip.ts")
        await setup.server.faults.delay(seconds: 1, pathPrefix: "/media/30-days/evt-aes/segment")
        let arguments = ["export", "evt-aes", "-o", output.path, "--server", setup.url]
        let (process, stdout) = try setup.binary.start(arguments)
        let deadline = Date().addingTimeInterval(20)
        // The journal's second line: a first piece was written (the fifth is a second away).
        while Date() < deadline, !Self.journalHasAPiece(output) {
            try await Task.sleep(for: .milliseconds(20))
        }
        process.interrupt()
        let text = await setup.binary.finish(process, stdout)
        #expect(process.terminationStatus == 130, "\(text)")
        #expect(FileManager.default.fileExists(atPath: output.path + ".part"))

        await setup.server.faults.reset()
        let rerun = try await setup.binary.run(arguments)
        #expect(rerun.status == 0, "\(rerun.stdout)\n\(rerun.stderr)")
        let resumed = try #require(rerun.stdout.firstMatch(of: /resuming: (\d) of 5 pieces/), "\(rerun.stdout)")
        #expect(Int(resumed.1)! >= 1)
        let firsts = await setup.server.requestLog().filter { $0.path.hasSuffix("evt-aes/segment0.ts") }
        #expect(firsts.count == 1, "segment 0 was kept, not fetched again")
        #expect(try FileManager.default.contentsOfDirectory(atPath: setup.directory.path) == ["clip.ts"])
        let probe = try await FFprobe.probe(output)
        #expect(abs(probe.duration - 10) <= 0.08, "\(probe.duration)")
        #expect(probe.streamTypes == ["audio", "video"])
    }

    static func journalHasAPiece(_ output: URL) -> Bool {
        guard let text = try? String(contentsOfFile: output.path + ".part.json", encoding: .utf8) else { return false }
        return text.split(separator: "\n").count >= 2
    }
}
