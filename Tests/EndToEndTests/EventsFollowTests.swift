import DemoBackend
import Foundation
import TestSupport
import Testing

/// `eventplayer events --follow`: the events that match, then each new one as it arrives, one
/// line each (JSON Lines with `--json`, the fields of `events --json`); 130 on Ctrl-C and 0
/// when the reader goes away, quietly; no token on its output.
@Suite(.serialized, .machineShare) struct EventsFollowTests {
    static func server(flavor: DemoFlavor = .events) async throws -> DemoServer {
        var configuration = DemoConfiguration()
        configuration.generatedEventCount = 20
        configuration.newEventsEvery = 5
        configuration.flavor = flavor
        if flavor == .frigate { configuration.frigate.requiresAuth = false }
        return try await DemoServer.start(configuration)
    }

    static func writeConfig(_ binary: Binary) throws {
        let folder = binary.home.appending(path: "config/eventplayer")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "follow-interval = 2\n".write(to: folder.appending(path: "config.toml"), atomically: true, encoding: .utf8)
    }

    @Test(.timeLimit(.minutes(2)))
    func jsonLinesThenTheNewEventAndCtrlCEnds130() async throws {
        let server = try await Self.server()
        defer { Task { await server.stop() } }
        let binary = try Binary()
        defer { try? FileManager.default.removeItem(at: binary.home) }
        try Self.writeConfig(binary)
        try #require(try await binary.login(server.baseURL).status == 0)
        let (process, stdout) = try binary.start(["events", "--server", server.baseURL.absoluteString, "--follow", "--json", "--limit", "5"])
        let lines = try await Binary.readLines(stdout) { $0.count >= 6 }
        #expect(lines.count >= 6, "\(lines)")
        var ids: [String] = []
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "one object per line: \(line)")
            #expect(object["reviewed"] is Bool)
            #expect(object["startTime"] is String)
            ids.append(try #require(object["id"] as? String))
        }
        #expect(ids.count >= 6 && ids.dropFirst(5).allSatisfy { $0.hasPrefix("new-") }, "the listing, then what arrived: \(ids)")
        #expect(Set(ids).count == ids.count, "each event once")
        let tokens = await server.requestLog().compactMap(\.mediaToken)
        #expect(!lines.contains { line in tokens.contains { line.contains($0) } })
        process.interrupt()
        let rest = await binary.finish(process, stdout)
        #expect(process.terminationStatus == 130, "Ctrl-C: 130 (\(process.terminationReason == .uncaughtSignal ? "killed" : "exited"))")
        #expect(!rest.contains("rror"))
    }

    @Test(.timeLimit(.minutes(2)))
    func frigateTableRowsAndAReaderThatGoesAwayEndsWithZero() async throws {
        let server = try await Self.server(flavor: .frigate)
        defer { Task { await server.stop() } }
        let binary = try Binary()
        defer { try? FileManager.default.removeItem(at: binary.home) }
        try Self.writeConfig(binary)
        let (process, stdout) = try binary.start(["events", "--server", server.baseURL.absoluteString, "--follow", "--limit", "3"])
        let lines = try await Binary.readLines(stdout) { $0.count >= 5 }
        #expect(lines.first?.hasPrefix("CAMERA") == true, "\(lines)")
        #expect(lines.count >= 5, "the listing (a header and 3 rows), then a new item: \(lines)")
        // The reader goes away: the next line meets a broken pipe, which ends it with 0.
        try stdout.fileHandleForReading.close()
        let status = try await Tmux.offPool { () -> Int32 in
            process.waitUntilExit()
            return process.terminationStatus
        }
        #expect(status == 0)
        #expect(process.terminationReason == .exit)
    }
}
