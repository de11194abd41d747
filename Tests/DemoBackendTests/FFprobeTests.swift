import DemoBackend
import Foundation
import Testing

/// Real ffmpeg reads every layout through the server (header auth, like mpv does).
@Suite("Media decodes with ffprobe", .serialized, .enabled(if: FFprobe.path != nil))
struct FFprobeTests {
    @Test(arguments: [
        ("30-days", "evt-endlist/index.m3u8"), ("180-days", "evt-fmp4/index.m3u8"),
        ("30-days", "evt-master/master.m3u8"), ("7-days", "evt-extensionless/index.m3u8"),
    ])
    func ffprobeReadsTenSecondsOfH264AndAAC(bucket: String, file: String) async throws {
        try await DemoHarness.with { demo in
            let token = try #require(try await demo.mediaTokens(demo.accessToken())[bucket])
            let url = "\(demo.server.baseURL.absoluteString)/media/\(bucket)/\(file)"
            let output = try await FFprobe.run([
                "-v", "error", "-headers", "Authorization: \(token)\r\n",
                "-protocol_whitelist", "file,http,tcp,crypto,data", "-extension_picky", "0",
                "-show_entries", "stream=codec_name,width,height:format=duration", "-of", "compact", url,
            ])
            #expect(output.contains("codec_name=h264"), "\(output)")
            #expect(output.contains("codec_name=aac"), "\(output)")
            #expect(output.contains("width=320|height=180"), "\(output)")
            let segments = await demo.server.requestLog().filter { $0.path.hasPrefix("/media/") }
            #expect(segments.allSatisfy { $0.status == 200 && $0.tokenSource == .header })
        }
    }
}

enum FFprobe {
    static let path = ["/usr/bin/ffprobe", "/usr/local/bin/ffprobe", "/opt/homebrew/bin/ffprobe"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs ffprobe without blocking a cooperative thread (the server in this process needs them).
    static func run(_ arguments: [String]) async throws -> String {
        try await runTool(path!, ["-rw_timeout", "10000000"] + arguments)
    }

    /// Runs a tool (ffprobe, ffmpeg) off the cooperative pool, without standard input; its output
    /// and errors together.
    static func runTool(_ path: String, _ arguments: [String]) async throws -> String {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("tool-\(UUID().uuidString).txt")
        try Data().write(to: log)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = handle
        process.standardError = handle
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in continuation.resume() }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        try handle.close()
        return try String(contentsOf: log, encoding: .utf8)
    }
}
