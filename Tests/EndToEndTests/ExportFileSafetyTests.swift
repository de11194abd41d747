import DemoBackend
import Foundation
import Glibc
import TestSupport
import Testing

/// Export output in a directory others can write to: no symbolic link is followed, `--force`
/// replaces regular files only, `-o -` streams to stdout, and a second export to the same path
/// is refused while the first runs. The real binary against the in-process demo backend.
@Suite("Export file safety", .serialized, .machineShare)
struct ExportFileSafetyTests {
    struct Setup {
        let server: DemoServer
        let binary: Binary
        let directory: URL
        var url: String { server.baseURL.absoluteString }
    }

    func setUp() async throws -> Setup {
        let server = try await DemoServer.start()
        let binary = try Binary()
        try #require(try await binary.login(server.baseURL).status == 0)
        let directory = binary.home.appending(path: "shared")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return Setup(server: server, binary: binary, directory: directory)
    }

    @Test func aSymlinkPlantedAtThePartIsAnErrorAndItsTargetIsUntouched() async throws {
        let setup = try await setUp()
        defer { Task { await setup.server.stop() } }
        let target = setup.directory.appending(path: "victim")
        try "precious\n".write(to: target, atomically: true, encoding: .utf8)
        let output = setup.directory.appending(path: "clip.ts")
        try FileManager.default.createSymbolicLink(atPath: output.path + ".part", withDestinationPath: target.path)
        let run = try await setup.binary.run(["export", "evt-endlist", "-o", output.path, "--server", setup.url])
        #expect(run.status == 1)
        #expect(run.stderr.contains("clip.ts.part is a symbolic link"), "\(run.stderr)")
        #expect(try String(contentsOf: target, encoding: .utf8) == "precious\n")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func forceReplacesRegularFilesOnly() async throws {
        let setup = try await setUp()
        defer { Task { await setup.server.stop() } }
        let target = setup.directory.appending(path: "victim")
        try "precious\n".write(to: target, atomically: true, encoding: .utf8)
        let link = setup.directory.appending(path: "link.ts")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
        let fifo = setup.directory.appending(path: "fifo.ts")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        // A device node of its own (never /dev/null: a build without this check would replace it);
        // making one (1,3: the null device) needs root, so without it the case is left out.
        let device = setup.directory.appending(path: "device.ts")
        var cases = [(link, "a symbolic link"), (fifo, "a FIFO")]
        if mknod(device.path, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0 { cases.append((device, "a device")) }
        for (path, kind) in cases {
            let run = try await setup.binary.run(["export", "evt-endlist", "-o", path.path, "--force", "--server", setup.url])
            #expect(run.status == 1, "\(path.path): \(run.stdout)")
            #expect(run.stderr.contains("\(path.path) is \(kind): --force replaces regular files only"), "\(run.stderr)")
        }
        #expect(try String(contentsOf: target, encoding: .utf8) == "precious\n")
        let regular = setup.directory.appending(path: "old.ts")
        try "old".write(to: regular, atomically: true, encoding: .utf8)
        let replaced = try await setup.binary.run(["export", "evt-endlist", "-o", regular.path, "--force", "--server", setup.url])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(try await FFprobe.probe(regular).streamTypes == ["audio", "video"])
    }

    @Test func dashStreamsToStandardOutputWithProgressOnStderr() async throws {
        let setup = try await setUp()
        defer { Task { await setup.server.stop() } }
        let file = setup.directory.appending(path: "stream.ts")
        let run = try await setup.binary.run(command: ["/bin/sh", "-c", #"exec "$0" "$@" > "$OUT""#, setup.binary.url.path,
                                                       "export", "evt-endlist", "-o", "-", "--server", setup.url],
                                             environment: ["OUT": file.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("saved to standard output"), "\(run.stderr)")
        let probe = try await FFprobe.probe(file)
        #expect(probe.streamTypes == ["audio", "video"])
        #expect(abs(probe.duration - 10) <= 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: setup.directory.path) == ["stream.ts"], "no .part, no journal")

        // A terminal on stdout is refused, as curl does for binary output.
        let terminal = try await setup.binary.run(command: ["/usr/bin/script", "-qec",
                                                            "'\(setup.binary.url.path)' export evt-endlist -o - --server \(setup.url)", "/dev/null"])
        #expect(terminal.stdout.contains("standard output, which is a terminal"), "\(terminal.stdout)")
        #expect(terminal.status == 1)
    }

    @Test(.timeLimit(.minutes(2)))
    func aSecondExportToTheSamePathIsToldItIsAlreadyBeingExported() async throws {
        let setup = try await setUp()
        defer { Task { await setup.server.stop() } }
        await setup.server.faults.delay(seconds: 2, pathPrefix: "/media/30-days/evt-endlist/segment")
        let output = setup.directory.appending(path: "same.ts")
        let (first, firstOut) = try setup.binary.start(["export", "evt-endlist", "-o", output.path, "--server", setup.url])
        // Wait (bounded) for the first to open its .part.
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: output.path + ".part") {
            try await Task.sleep(for: .milliseconds(50))
        }
        let second = try await setup.binary.run(["export", "evt-endlist", "-o", output.path, "--server", setup.url])
        #expect(second.status == 1)
        #expect(second.stderr.contains("\(output.path) is already being exported"), "\(second.stderr)")
        #expect(!second.stderr.contains("NSCocoaErrorDomain"))
        let firstText = await setup.binary.finish(first, firstOut)
        #expect(first.terminationStatus == 0, "\(firstText)")
        #expect(try await FFprobe.probe(output).streamTypes == ["audio", "video"])
    }
}
