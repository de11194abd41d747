import Foundation
import TestSupport
import Testing

/// `eventplayer demo-server --make-media`: makes the generated demo media now (as `make test`
/// does before the tests) and says where; without ffmpeg, one line that says to install it.
@Suite(.machineShare) struct DemoMediaCommandTests {
    @Test func makeMediaPrintsTheSharedFolder() async throws {
        let binary = try Binary()
        defer { try? FileManager.default.removeItem(at: binary.home) }
        let result = try await binary.run(["demo-server", "--make-media"])
        #expect(result.status == 0, "\(result.stderr)")
        let folder = Binary.sharedCache + "/eventplayer/demo-media/v2"
        #expect(result.stdout == "demo media in \(folder)\n", "\(result.stdout)")
        #expect(FileManager.default.fileExists(atPath: folder + "/.complete"))
    }

    @Test func withoutFFmpegItSaysToInstallIt() async throws {
        let binary = try Binary()
        defer { try? FileManager.default.removeItem(at: binary.home) }
        let empty = binary.home.appending(path: "no-tools")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let result = try await binary.run(["demo-server", "--make-media"], environment: [
            "PATH": empty.path, "XDG_CACHE_HOME": binary.home.appending(path: "cache").path,
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("ffmpeg is not on PATH") && result.stderr.contains("install ffmpeg"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
