import DemoBackend
import Foundation
import TestSupport
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
