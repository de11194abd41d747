import DemoBackend
import Foundation
import TestSupport
import Testing

@Suite("The eventplayer binary against a demo backend", .serialized, .machineShare)
struct CLITests {
    @Test func loginWithPasswordOnStdinThenListEventsAsJSON() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let binary = try Binary()
        let url = server.baseURL.absoluteString

        let login = try await binary.run(["login", "--server", url, "--email", DemoAccount.email, "--password-stdin"],
                                   input: DemoAccount.password + "\n")
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.stdout.contains("signed in as \(DemoAccount.email)"))
        let sessionFile = binary.home.appending(path: "state/eventplayer/session.json")
        let mode = try FileManager.default.attributesOfItem(atPath: sessionFile.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        let events = try await binary.run(["events", "--server", url, "--json", "--limit", "7"])
        #expect(events.status == 0, "\(events.stderr)")
        let decoded = try JSONSerialization.jsonObject(with: Data(events.stdout.utf8)) as? [[String: Any]]
        #expect(decoded?.count == 7)
        #expect(decoded?.first?["cameraName"] is String)

        let table = try await binary.run(["events", "--server", url, "--camera", "Garage", "--limit", "3"])
        #expect(table.status == 0)
        let lines = table.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("CAMERA") == true)
        #expect(lines.count == 4)
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("Garage") })

        let log = try String(contentsOf: binary.home.appending(path: "state/eventplayer/eventplayer.log"), encoding: .utf8)
        #expect(!log.contains(DemoAccount.password))
        let session = try String(contentsOf: sessionFile, encoding: .utf8)
        let token = try #require(session.firstMatch(of: #/"accessToken":"([^"]+)"/#)?.output.1)
        #expect(!log.contains(String(token)))

        let logout = try await binary.run(["logout"])
        #expect(logout.status == 0)
        #expect(!FileManager.default.fileExists(atPath: sessionFile.path))
        let after = try await binary.run(["events", "--server", url])
        #expect(after.status == 1)
        #expect(after.stderr.contains("not signed in"))
    }

    @Test func wrongPasswordAndDeadServerAreOneClearLineWithExitCode1() async throws {
        let server = try await DemoServer.start()
        let url = server.baseURL.absoluteString
        let binary = try Binary()
        let wrong = try await binary.run(["login", "--server", url, "--email", DemoAccount.email, "--password-stdin"], input: "nope\n")
        #expect(wrong.status == 1)
        #expect(wrong.stderr.contains("wrong email or password"))
        await server.stop()
        let dead = try await binary.run(["events", "--server", url])
        #expect(dead.status == 1)
        #expect(dead.stderr.contains("not signed in") || dead.stderr.contains("unreachable"))
        let deadLogin = try await binary.run(["login", "--server", url, "--email", "a@b.c", "--password-stdin"], input: "x\n")
        #expect(deadLogin.status == 1)
        #expect(deadLogin.stderr.contains("cannot reach the server at \(url)"))
        #expect(deadLogin.stderr.split(separator: "\n").count == 1)
    }

    @Test func usageErrorsExitWith2() async throws {
        let binary = try Binary()
        #expect(try await binary.run(["events", "--limit", "0"]).status == 2)
        #expect(try await binary.run(["no-such-command"]).status == 2)
        #expect(try await binary.run(["events", "--server", "not a url"]).status == 2)
    }

    @Test func withNoServerTheEmbeddedDemoBackendIsUsedAndSaysSo() async throws {
        let binary = try Binary()
        let result = try await binary.run(["events", "--limit", "3"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("embedded demo backend"))
        #expect(result.stdout.split(separator: "\n").count == 4)
    }
}
