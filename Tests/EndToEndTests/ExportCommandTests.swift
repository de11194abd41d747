import DemoBackend
import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `eventplayer export` against the in-process demo backend: the real binary, real files, ffprobe.
@Suite("eventplayer export", .serialized, .machineShare)
struct ExportCommandTests {
    struct Setup {
        let server: DemoServer
        let binary: Binary
        let directory: URL
        var url: String { server.baseURL.absoluteString }

        func files() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        }
    }

    func setUp() async throws -> Setup {
        let server = try await DemoServer.start()
        let binary = try Binary()
        let login = try await binary.login(server.baseURL)
        try #require(login.status == 0, "\(login.stderr)")
        let directory = binary.home.appending(path: "exports")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return Setup(server: server, binary: binary, directory: directory)
    }

    @Test("every demo event shape gives a file ffprobe reads, with both streams and the right duration", arguments: [
        ("evt-endlist", "ts"), ("evt-fmp4", "mp4"), ("evt-master", "ts"), ("evt-extensionless", "ts"), ("evt-no-endlist", "ts"),
    ])
    func everyShapeExports(id: String, fileExtension: String) async throws {
        let setup = try await setUp()
        defer { Task { await setup.server.stop() } }
        let run = try await setup.binary.run(["export", id, "-o", setup.directory.path + "/", "--server", setup.url])
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let files = try setup.files()
        #expect(files.count == 1, "only the final file is left: \(files)")
        let name = try #require(files.first)
        #expect(name.hasSuffix("." + fileExtension))
        #expect(run.stdout.contains("saved \(setup.directory.path)/\(name)"), "\(run.stdout)")
        let probe = try await FFprobe.probe(setup.directory.appending(path: name))
        #expect(abs(probe.duration - 10) <= 2, "duration \(probe.duration) within one segment of 10 s")
        #expect(probe.streamTypes == ["audio", "video"])
        if id == "evt-master" {
            #expect(probe.width == 320, "the best variant (highest BANDWIDTH) is exported")
            let media = await setup.server.requestLog().filter { $0.path.hasPrefix("/media/") }
            #expect(!media.contains { $0.path.contains("160x90/segment") })
        }
        let segments = await setup.server.requestLog().filter { $0.path.contains("segment") }
        #expect(segments.allSatisfy { $0.status == 200 && $0.mediaToken != nil })
    }

    @Test func theDefaultNameIsCameraAndStartTime() async throws {
        let setup = try await setUp()
        defer { Task { await setup.server.stop() } }
        let run = try await setup.binary.run(["export", "evt-endlist", "-o", setup.directory.path, "--server", setup.url])
        #expect(run.status == 0, "\(run.stderr)")
        let name = try #require(try setup.files().first)
        #expect(name.wholeMatch(of: /Front-Door_\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d\.ts/) != nil, "\(name)")
    }

    @Test func aSegmentFailingOnceStillExportsCompletely() async throws {
        let setup = try await setUp()
        defer { Task { await setup.server.stop() } }
        await setup.server.faults.failPath(containing: "evt-endlist/segment2", status: 500, times: 1)
        let output = setup.directory.appending(path: "clip.ts")
        let run = try await setup.binary.run(["export", "evt-endlist", "-o", output.path, "--server", setup.url])
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let attempts = await setup.server.requestLog().filter { $0.path.hasSuffix("segment2.ts") }.map(\.status)
        #expect(attempts == [500, 200])
        let probe = try await FFprobe.probe(output)
        #expect(abs(probe.duration - 10) <= 2, "\(probe.duration)")
        #expect(probe.streamTypes == ["audio", "video"])
    }

    @Test func aSegmentThatAlwaysFailsIsAnErrorThatNamesItAndLeavesNoFinalFile() async throws {
        let setup = try await setUp()
        defer { Task { await setup.server.stop() } }
        let output = setup.directory.appending(path: "broken.ts")
        let run = try await setup.binary.run(["export", "evt-broken", "-o", output.path, "--server", setup.url])
        #expect(run.status == 1)
        #expect(run.stderr.contains("segment 3 of 5 failed"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "one line: \(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    /// A segment refused with 403 (as an expired media token is) makes the export fetch fresh
    /// tokens, list the media again and carry on; 4xx answers are not retried by the pipeline itself.
    @Test func aRefusedMediaTokenIsRefreshedAndTheExportCompletes() async throws {
        let setup = try await setUp()
        defer { Task { await setup.server.stop() } }
        await setup.server.faults.failPath(containing: "evt-endlist/segment3", status: 403, times: 1)
        let output = setup.directory.appending(path: "refreshed.ts")
        let run = try await setup.binary.run(["export", "evt-endlist", "-o", output.path, "--server", setup.url])
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let log = await setup.server.requestLog()
        #expect(log.filter { $0.path.hasSuffix("segment3.ts") }.map(\.status) == [403, 200])
        #expect(log.filter { $0.path == "/v1/events/tokens" }.count == 2, "fresh tokens were asked for once")
        let probe = try await FFprobe.probe(output)
        #expect(abs(probe.duration - 10) <= 2, "\(probe.duration)")
        #expect(probe.streamTypes == ["audio", "video"])
    }

    @Test func anExistingFileIsNotOverwrittenWithoutForce() async throws {
        let setup = try await setUp()
        defer { Task { await setup.server.stop() } }
        let output = setup.directory.appending(path: "mine.ts")
        try Data("keep me".utf8).write(to: output)
        let refused = try await setup.binary.run(["export", "evt-endlist", "-o", output.path, "--server", setup.url])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("exists: pass --force"), "\(refused.stderr)")
        #expect(try Data(contentsOf: output) == Data("keep me".utf8))
        #expect(try setup.files() == ["mine.ts"])
        let forced = try await setup.binary.run(["export", "evt-endlist", "-o", output.path, "--force", "--server", setup.url])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try await FFprobe.probe(output).streamTypes == ["audio", "video"])
    }

    @Test func formatMP4RemuxesATSEventWithStreamCopy() async throws {
        let setup = try await setUp()
        defer { Task { await setup.server.stop() } }
        let run = try await setup.binary.run(["export", "evt-endlist", "--format", "mp4", "-o", setup.directory.path, "--server", setup.url])
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let files = try setup.files()
        #expect(files.count == 1 && files[0].hasSuffix(".mp4"), "\(files)")
        let probe = try await FFprobe.probe(setup.directory.appending(path: files[0]))
        #expect(probe.formatName.contains("mp4"), "\(probe.formatName)")
        #expect(probe.streamTypes == ["audio", "video"])
        #expect(abs(probe.duration - 10) <= 2, "\(probe.duration)")
    }

    @Test func aLiveEventExportsWhatExistsAndSaysSo() async throws {
        let setup = try await setUp()
        defer { Task { await setup.server.stop() } }
        let output = setup.directory.appending(path: "live.ts")
        let run = try await setup.binary.run(["export", "evt-live", "-o", output.path, "--server", setup.url])
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("evt-live is still recording"), "\(run.stdout)")
        let probe = try await FFprobe.probe(output)
        #expect(probe.duration > 0 && probe.streamTypes == ["audio", "video"])
    }

    @Test func usageErrorsExitWith2() async throws {
        let binary = try Binary()
        #expect(try await binary.run(["export", "evt-endlist", "--format", "mkv"]).status == 2)
        #expect(try await binary.run(["export"]).status == 2)
    }
}

@Suite("eventplayer export stops cleanly on Ctrl-C, SIGTERM and SIGHUP and resumes", .serialized, .machineShare)
struct ExportInterruptTests {
    /// The exit status is 128 + the signal (before: SIGTERM exited 130, SIGHUP killed the process).
    static let signals: [(Int32, Int32)] = [(SIGINT, 130), (SIGTERM, 143), (SIGHUP, 129)]

    @Test(arguments: signals)
    func aSignalLeavesNoFinalFileExits128PlusItAndARerunResumes(signal: Int32, status: Int32) async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let binary = try Binary()
        try #require(try await binary.login(server.baseURL).status == 0)
        let directory = binary.home.appending(path: "exports")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let output = directory.appending(path: "clip.ts")
        await server.faults.delay(seconds: 1, pathPrefix: "/media/30-days/evt-endlist/segment")
        let arguments = ["export", "evt-endlist", "-o", output.path, "--server", server.baseURL.absoluteString]
        let (process, stdout) = try binary.start(arguments)
        let deadline = Date().addingTimeInterval(60)   // a hang guard, not a timing assertion
        // The journal's second line: a first piece is written (four download at once, each a
        // second late; the fifth is still to come). The server's log said "answered", which the
        // client may not have written yet under load.
        while Date() < deadline, !ExportEveryShapeTests.journalHasAPiece(output) {
            try await Task.sleep(for: .milliseconds(20))
        }
        try #require(ExportEveryShapeTests.journalHasAPiece(output), "no piece was written within 60 s")
        #expect(kill(process.processIdentifier, signal) == 0)
        let text = await binary.finish(process, stdout)
        #expect(process.terminationReason == .exit && process.terminationStatus == status, "\(text)")
        #expect(text.contains("run the same command again to resume"), "\(text)")
        #expect(!FileManager.default.fileExists(atPath: output.path), "nothing under the final name")
        #expect(FileManager.default.fileExists(atPath: output.path + ".part"))

        await server.faults.reset()
        let rerun = try await binary.run(arguments)
        #expect(rerun.status == 0, "\(rerun.stdout)\n\(rerun.stderr)")
        let resumed = try #require(rerun.stdout.firstMatch(of: /resuming: (\d) of 5 pieces/), "\(rerun.stdout)")
        #expect(Int(resumed.1)! >= 1, "at least the first piece was kept")
        let firsts = await server.requestLog().filter { $0.path.hasSuffix("segment0.ts") }
        #expect(firsts.count == 1, "segment 0 was kept, not fetched again")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["clip.ts"])
        let probe = try await FFprobe.probe(output)
        #expect(abs(probe.duration - 10) <= 2, "\(probe.duration)")
        #expect(probe.streamTypes == ["audio", "video"])
    }
}
