import DemoBackend
import Foundation
import TestSupport
import Testing

/// Runtime errors are one short line said once (exit 1), and files in the way are reported.
@Suite("Error lines of the eventplayer binary", .serialized, .machineShare)
struct CLIErrorTextTests {
    @Test func wrongPasswordDeadServerAndNoSessionAreEachOneSentence() async throws {
        let server = try await DemoServer.start()
        let url = server.baseURL.absoluteString
        let binary = try Binary()
        let wrong = try await binary.run(["login", "--server", url, "--email", DemoAccount.email, "--password-stdin"], input: "nope\n")
        #expect(wrong.status == 1)
        #expect(wrong.stderr == "eventplayer: error: wrong email or password\n")
        let unsigned = try await binary.run(["events", "--server", url])
        #expect(unsigned.status == 1)
        #expect(unsigned.stderr == "eventplayer: error: not signed in: run `eventplayer login --server \(url)`\n")
        await server.stop()
        let closed = try ClosedPort()
        let dead = try await binary.run(["login", "--server", closed.url, "--email", "a@b.c", "--password-stdin"], input: "x\n")
        #expect(dead.status == 1)
        #expect(dead.stderr == "eventplayer: error: cannot reach the server at \(closed.url) (connection refused after 4 attempts)\n")
    }

    @Test func loginWhenSessionJSONIsADirectorySaysSoAndExits1() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let binary = try Binary()
        let file = binary.home.appending(path: "state/eventplayer/session.json")
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        let login = try await binary.login(server.baseURL)
        #expect(login.status == 1)
        #expect(!login.stdout.contains("session saved"))
        #expect(login.stderr == "eventplayer: error: cannot save the session: \(file.path) is a directory or other non-file; remove or rename it\n")
    }

    @Test func rewriteOverTheCapNamesTheFilesRealSize() async throws {
        let binary = try Binary()
        let big = binary.home.appending(path: "big.m3u8")
        try Data("#EXTM3U\n".utf8).write(to: big)
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 86_807_136)   // sparse: nothing is written
        try handle.close()
        let result = try await binary.run(["rewrite", "--url", "https://cdn.example/a/index.m3u8", "--token", "t", big.path])
        #expect(result.status == 1)
        #expect(result.stderr == "eventplayer rewrite: \(big.path): the playlist is 86807136 bytes, over the cap of 67108864 bytes; raise the limit if it is genuine\n")
        let missing = try await binary.run(["rewrite", "--url", "https://cdn.example/a/index.m3u8", "--token", "t", "/no/such.m3u8"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "eventplayer rewrite: cannot read /no/such.m3u8: No such file or directory\n")
        let folder = try await binary.run(["rewrite", "--url", "https://cdn.example/a/index.m3u8", "--token", "t", binary.home.path])
        #expect(folder.stderr == "eventplayer rewrite: cannot read \(binary.home.path): it is a directory\n")
    }
}
