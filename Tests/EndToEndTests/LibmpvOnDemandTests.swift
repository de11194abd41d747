import DemoBackend
import Foundation
import SystemSupport
import TestSupport
import Testing

/// libmpv is loaded when the first playback needs it (CMPV's loader; eventplayer is not linked
/// against it): commands that play nothing never map it, and without it playback says what to
/// install while everything else works. `--version` names the program, `--verbose` libmpv and ffmpeg.
@Suite("libmpv on demand and --version", .serialized, .machineShare)
struct LibmpvOnDemandTests {
    /// Runs `arguments` with the dynamic loader's report (`LD_DEBUG=libs`) written to files of
    /// its own, one per process (the re-exec for the backtracer included), apart from what the
    /// command prints, and returns the run and the shared objects it initialised.
    static func mapped(_ binary: Binary, _ arguments: [String], input: String = "") async throws -> (Binary.Result, [String]) {
        let directory = binary.home.appending(path: "ld-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = ["LD_DEBUG": "libs", "LD_DEBUG_OUTPUT": directory.appending(path: "ld").path]
        let run = try await binary.run(arguments, input: input, environment: environment)
        var libraries: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            let report = try String(contentsOf: directory.appending(path: file), encoding: .utf8)
            libraries += report.split(separator: "\n").compactMap { line in
                line.firstMatch(of: /calling init: (\S+)/).map { String($0.output.1) }
            }
        }
        return (run, libraries)
    }

    /// Before: the binary was linked against libmpv and mapped it (and 220 libraries it needs) for
    /// every command, `--help` included.
    @Test func commandsThatPlayNothingNeverMapLibmpv() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let binary = try Binary()
        try #require(try await binary.login(server.baseURL).status == 0)
        let url = server.baseURL.absoluteString
        let playlist = "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\nseg0.ts\n#EXT-X-ENDLIST\n"
        let commands: [(arguments: [String], input: String)] = [
            (["--help"], ""),
            (["--version"], ""),
            (["login", "--help"], ""),
            (["events", "--server", url, "--limit", "3"], ""),
            (["rewrite", "--url", "http://cam.example/a/index.m3u8", "--token", "t"], playlist),
        ]
        for command in commands {
            let name = command.arguments.joined(separator: " ")
            let (run, libraries) = try await Self.mapped(binary, command.arguments, input: command.input)
            #expect(run.status == 0, "\(name): \(run.stderr.suffix(500))")
            #expect(libraries.contains { $0.contains("libc.so") }, "\(name): the loader's report was read: \(libraries)")
            #expect(!libraries.contains { $0.contains("libmpv") || $0.contains("libavcodec") }, "\(name) mapped \(libraries)")
        }
        // The one that plays maps it (so the check above can tell).
        let (play, libraries) = try await Self.mapped(binary, ["play", "evt-endlist", "--server", url, "--video", "none",
                                                               "--no-audio", "--frames", "1"])
        #expect(play.status == 0, "\(play.stdout)\n\(play.stderr.suffix(500))")
        #expect(libraries.contains { $0.contains("libmpv") })
    }

    @Test func withoutLibmpvPlaybackSaysWhatToInstallAndEventsStillWork() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let binary = try Binary()
        try #require(try await binary.login(server.baseURL).status == 0)
        let url = server.baseURL.absoluteString
        let hidden = ["EVENTPLAYER_LIBMPV": binary.home.appending(path: "no-such-libmpv.so.2").path]
        let play = try await binary.run(["play", "evt-endlist", "--server", url, "--video", "none", "--no-audio"], environment: hidden)
        #expect(play.status == 1, "\(play.stdout)\n\(play.stderr)")
        let said = play.stdout + play.stderr
        #expect(said.contains("playback needs libmpv, which could not be loaded"), "\(said)")
        #expect(said.contains("apt-get install libmpv2"), "\(said)")
        let events = try await binary.run(["events", "--server", url, "--limit", "2"], environment: hidden)
        #expect(events.status == 0, "\(events.stderr)")
        #expect(events.stdout.hasPrefix("CAMERA"))
        let version = try await binary.run(["--version", "--verbose"], environment: hidden)
        #expect(version.status == 1)
        #expect(version.stdout.hasPrefix("eventplayer "), "the version still comes first: \(version.stdout)")
        #expect(version.stderr.contains("playback needs libmpv"), "\(version.stderr)")
    }

    /// Help, the version and a pipeline start once: the executable's pre-initialisation gives
    /// Swift's crash backtracer its settings without an exec (a re-exec was a third of their
    /// start-up). The loader initialises libc once per process image, so its count is the number
    /// of execs. (At a terminal, with or without a variable to borrow a slot from, the fatal-signal
    /// tests check the same.)
    @Test func helpTheVersionAndPipelinesStartOnce() async throws {
        let binary = try Binary()
        func starts(_ arguments: [String], input: String = "") async throws -> Int {
            let (run, libraries) = try await Self.mapped(binary, arguments, input: input)
            #expect(run.status == 0, "\(arguments): \(run.stderr.suffix(300))")
            return libraries.filter { $0.contains("/libc.so") }.count
        }
        #expect(try await starts(["--help"]) == 1)
        #expect(try await starts(["--version"]) == 1)
        #expect(try await starts(["help", "events"]) == 1)
        #expect(try await starts(["rewrite", "--url", "http://cam.example/a/index.m3u8", "--token", "t"],
                                 input: "#EXTM3U\n#EXTINF:2,\nseg0.ts\n") == 1)
    }

    /// `--help` and `-h` alone print the root's help without parsing (a third of their start-up):
    /// the same text as `help`, which goes through the parser.
    @Test func helpAloneIsTheParsersHelp() async throws {
        let binary = try Binary()
        let parsed = try await binary.run(["help"])
        #expect(parsed.status == 0 && parsed.stdout.contains("USAGE:"), "\(parsed.stdout.prefix(300))")
        for flag in ["--help", "-h"] {
            let alone = try await binary.run([flag])
            #expect(alone.status == 0 && alone.stdout == parsed.stdout, "\(flag): \(alone.stdout.prefix(300))")
        }
    }

    /// Before: "Unknown option '--version'", exit 2.
    @Test func versionNamesTheProgramAndVerboseNamesLibmpvAndFFmpeg() async throws {
        let binary = try Binary()
        let short = try await binary.run(["--version"])
        #expect(short.status == 0, "\(short.stderr)")
        #expect(short.stdout.firstMatch(of: /^eventplayer \d+\.\d+\.\d+\n$/) != nil, "\(short.stdout)")
        #expect(try await binary.run(["version"]).stdout == short.stdout)
        let verbose = try await binary.run(["--version", "--verbose"])
        #expect(verbose.status == 0, "\(verbose.stderr)")
        let lines = verbose.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.first == short.stdout.trimmingCharacters(in: .newlines))
        #expect(lines.dropFirst().first?.firstMatch(of: /^libmpv: \/\S*libmpv\.so\S* \(mpv \d+\.\d+/) != nil, "\(lines)")
        #expect(lines.last?.hasPrefix("ffmpeg: ") == true && lines.last != "ffmpeg: unknown", "\(lines)")
    }
}
