import DemoBackend
import Foundation
import TestSupport
import Testing

/// `eventplayer export` of the generated stream shapes (see `GeneratedMedia`), checked with ffprobe.
@Suite("eventplayer export: stream shapes", .serialized, .machineShare)
struct ExportShapeTests {
    /// Before: the segments were only concatenated, the second part's timestamps started at 0
    /// again, and ffprobe read 12 s of the 24 s event.
    @Test(arguments: ["ts", "mp4"])
    func aDiscontinuousEventExportsWholeWithContinuousTimestamps(format: String) async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        try #require(server.fixedEventIDs.contains("evt-discontinuity"), "generated media missing (ffmpeg?)")
        let binary = try Binary()
        let login = try await binary.login(server.baseURL)
        try #require(login.status == 0, "\(login.stderr)")
        let output = binary.home.appending(path: "joined.\(format)")
        let run = try await binary.run(["export", "evt-discontinuity", "-o", output.path, "--server", server.baseURL.absoluteString])
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let probe = try await FFprobe.probe(output)
        #expect(abs(probe.duration - 24) <= 1, "duration \(probe.duration) of a 24 s event")
        #expect(probe.streamTypes == ["audio", "video"])
    }
}
