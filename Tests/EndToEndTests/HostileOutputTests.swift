import DemoBackend
import Foundation
import TestSupport
import Testing

/// Standard output that cannot be written (a closed pipe, a full disk, a closed descriptor) and
/// server text or secrets that must not reach it: the real binary against the demo backend.
@Suite("Hostile output and text", .serialized, .machineShare)
struct HostileOutputTests {
    @Test("stdout that cannot be written: a broken pipe ends quietly (141), anything else is one error line and 1",
          arguments: Binary.Stdout.allCases)
    func stdoutThatCannotBeWritten(_ stdout: Binary.Stdout) async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let binary = try Binary()
        try #require(try await binary.login(server.baseURL).status == 0)
        let part = binary.home.appending(path: "clip.ts")
        for arguments in [["events"], ["export", "evt-endlist", "-o", part.path], ["play", "evt-endlist", "--video", "none", "--no-audio"]] {
            let run = try await binary.run(arguments + ["--server", server.baseURL.absoluteString], stdout: stdout)
            let what = "\(arguments[0]) with stdout \(stdout): \(run.status) \(run.stderr)"
            #expect(!run.stderr.contains("crashed"), "\(what)")
            switch stdout {
            case .closedPipe:
                #expect(run.status == 141, "\(what)")
                #expect(run.stderr.isEmpty, "\(what)")
            case .full:
                #expect(run.status == 1, "\(what)")
                #expect(run.stderr == "eventplayer: error: cannot write to standard output: No space left on device\n", "\(what)")
            case .closed:
                #expect(run.status == 1, "\(what)")
                #expect(run.stderr == "eventplayer: error: cannot write to standard output: Bad file descriptor\n", "\(what)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: part.path), "no final file from an export that could not report")
    }

    @Test func serverTextReachesNoTerminalRaw() async throws {
        let server = try await HostileCatalog.start()
        defer { Task { await server.stop() } }
        let binary = try Binary()
        try #require(try await binary.login(server.baseURL).status == 0)
        let url = server.baseURL.absoluteString
        let table = try await binary.run(["events", "--server", url])
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.contains(#"Gar\u{1B}]0;pwned\u{7}age"#), "\(table.stdout)")
        #expect(!HostileCatalog.hasRawControl(table.stdout + table.stderr))

        let json = try await binary.run(["events", "--json", "--server", url])
        #expect(!HostileCatalog.hasRawControl(json.stdout))
        let decoded = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        #expect(decoded?.contains { $0["title"] as? String == HostileCatalog.title } == true, "the JSON keeps the value")

        let export = try await binary.run(["export", "evt-hostile", "-o", binary.home.appending(path: "h.ts").path, "--server", url])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stdout.contains("exporting evt-hostile"))
        #expect(!HostileCatalog.hasRawControl(export.stdout + export.stderr), "\(export.stdout)")

        // A failing command whose error quotes server text: the id is echoed back.
        let failing = try await binary.run(["play", "evt-\u{1B}]0;pwned\u{07}", "--server", url, "--video", "none"])
        #expect(failing.status == 1)
        #expect(failing.stderr.contains(#"\u{1B}]0;pwned\u{7}"#), "\(failing.stderr)")
        #expect(!HostileCatalog.hasRawControl(failing.stdout + failing.stderr))
    }

    @Test func theMediaTokenIsRedactedInErrorsAboutABadVariantURI() async throws {
        let server = try await HostileCatalog.start()
        defer { Task { await server.stop() } }
        let binary = try Binary()
        try #require(try await binary.login(server.baseURL).status == 0)
        let url = server.baseURL.absoluteString
        let play = ["play", "evt-badvariant", "--video", "none", "--no-audio", "--network"]
        // (arguments, whether the message quotes the URL: the proxy reports mpv's 404 instead)
        for (arguments, quotesURL) in [(["playlist", "evt-badvariant"], true),
                                       (["export", "evt-badvariant", "-o", binary.home.appending(path: "b.ts").path], true),
                                       (play + ["direct"], true), (play + ["proxy"], false)] {
            let run = try await binary.run(arguments + ["--server", url])
            let text = run.stdout + run.stderr
            #expect(run.status == 1, "\(arguments): \(text)")
            if quotesURL { #expect(text.contains("Authorization=<redacted>"), "\(arguments): \(text)") }
            #expect(text.firstMatch(of: /mt-[0-9a-f]{8,}/) == nil, "\(arguments) shows no media token: \(text)")
        }
    }

    @Test func userAndPasswordInTheServerURLAreNotEchoed() async throws {
        let binary = try Binary()
        let run = try await binary.run(["events", "--server", "http://bob:hunter22@127.0.0.1:9"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("http://<redacted>@127.0.0.1:9"), "\(run.stderr)")
        #expect(!run.stderr.contains("hunter22"), "\(run.stderr)")
    }
}
