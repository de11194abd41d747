import DemoBackend
import Foundation
import TestSupport
import Testing

/// `logout --config FILE` signs out of the server FILE names, as every other command honours
/// `--config`: a session for another server is kept (and the line says whose it is).
@Suite("logout --config signs out of the config's server", .machineShare)
struct LogoutConfigTests {
    @Test func logoutWithAConfigNamingAnotherServerKeepsTheSession() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let binary = try Binary()
        let url = server.baseURL.absoluteString
        let login = try await binary.login(server.baseURL)
        #expect(login.status == 0, "\(login.stderr)")
        let sessionFile = binary.home.appending(path: "state/eventplayer/session.json")
        #expect(FileManager.default.fileExists(atPath: sessionFile.path))

        let other = binary.home.appending(path: "other.toml")
        try Data("server = \"http://127.0.0.1:9/\"\n".utf8).write(to: other)
        let kept = try await binary.run(["logout", "--config", other.path])
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(kept.stdout.contains("not signed in at http://127.0.0.1:9;"), "\(kept.stdout)")
        #expect(kept.stdout.contains("kept the session for \(url)"), "\(kept.stdout)")
        #expect(FileManager.default.fileExists(atPath: sessionFile.path))

        let mine = binary.home.appending(path: "mine.toml")
        try Data("server = \"\(url)\"\n".utf8).write(to: mine)
        let out = try await binary.run(["logout", "--config", mine.path])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.hasPrefix("signed out of \(url)"), "\(out.stdout)")
        #expect(!FileManager.default.fileExists(atPath: sessionFile.path))
    }

    @Test func logoutWithAMissingConfigIsAUsageError() async throws {
        let binary = try Binary()
        let missing = binary.home.appending(path: "nope.toml")
        let result = try await binary.run(["logout", "--config", missing.path])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains(missing.path))
    }
}
