import DemoBackend
import Foundation
import TestSupport
import Testing

/// The binary against a hostile server: page cursors that loop, a reply that drips. Every run has
/// a hang guard (killed after a minute); the checks are the exit status and the message.
@Suite("eventplayer against a hostile server", .serialized, .machineShare)
struct HostileServerTests {
    func signedIn(_ server: DemoServer) async throws -> Binary {
        let binary = try Binary()
        let login = try await binary.login(server.baseURL)
        try #require(login.status == 0, "\(login.stderr)")
        return binary
    }

    @Test(.timeLimit(.minutes(2)))
    func eventsAllStopsAtARepeatedCursorListsWhatItReadAndExits1() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let binary = try await signedIn(server)
        await server.faults.loopCursors()
        let (run, killed) = try await binary.run(["events", "--all", "--server", server.baseURL.absoluteString], killAfter: 60)
        #expect(!killed, "events --all still running after 60 s")
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("eventplayer: error: the server repeated page cursor \""), "\(run.stderr)")
        #expect(run.stderr.hasSuffix("; stopped after 600 events\n"), "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").count == 601, "the header and the three pages read")
        #expect(await server.requestLog().filter { $0.path == "/v1/events" }.count == 3)
    }

    @Test(.timeLimit(.minutes(2)))
    func playOfAnIdNotFoundStopsAtARepeatedCursorAndSaysHowFarItLooked() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let binary = try await signedIn(server)
        await server.faults.loopCursors()
        let (run, killed) = try await binary.run(["play", "evt-nowhere", "--server", server.baseURL.absoluteString,
                                                  "--video", "none", "--no-audio"], killAfter: 60)
        #expect(!killed, "play still looking after 60 s")
        #expect(run.status == 1)
        #expect(run.stderr.contains("no event with id `evt-nowhere` among the newest 1500 events (the server repeated page cursor"),
                "\(run.stderr)")
        #expect(run.stderr.contains("`eventplayer events --all --since <time> --until <time>`"))
    }

    @Test(.timeLimit(.minutes(2)))
    func eventsFromAServerThatDripsEndsWithATimeoutAndExit1() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let binary = try await signedIn(server)
        _ = try binary.writeConfig("[network]\nretries = 1\nretry-cap = 0.1\napiEvents-request-timeout = 2\n")
        // The head at once, then a byte every half second: a page of 50 events would take hours.
        await server.faults.slowBody(pathPrefix: "/v1/events", bytes: 1, interval: 0.5)
        let (run, killed) = try await binary.run(["events", "--server", server.baseURL.absoluteString], killAfter: 60)
        #expect(!killed, "events still running after 60 s")
        #expect(run.status == 1)
        #expect(run.stderr == "eventplayer: error: cannot reach the server at \(server.baseURL.absoluteString) (no answer within 2 s after 2 attempts)\n",
                "\(run.stderr)")
        #expect(await server.requestLog().filter { $0.path == "/v1/events" }.count == 2)
    }
}
