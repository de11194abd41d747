@testable import AppCore
import Foundation
import Logging
import SystemSupport
import Testing

@Suite("Secrets never reach the log")
struct RedactionTests {
    @Test func theLogFileDoesNotContainATokenThatWasLogged() throws {
        let url = FileManager.default.temporaryDirectory.appending(path: "ep-log-\(UUID().uuidString)/eventplayer.log")
        let redactor = Redactor()
        redactor.register("media-token-XYZ987")
        let sink = try LogFile(url: url, redactor: redactor)
        let logger = Logger(label: "test") { FileLogHandler(label: $0, sink: sink, level: .trace) }
        logger.info("fetching https://h/p.m3u8?Authorization=media-token-XYZ987", metadata: ["header": "Authorization: media-token-XYZ987"])
        logger.debug("plain media-token-XYZ987")
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains("fetching https://h/p.m3u8?Authorization=<redacted>"))
        #expect(text.contains(" info test: fetching ") && text.contains(" header=Authorization: <redacted>"), "level, label, message, metadata: \(text)")
        #expect(text.contains(" debug test: plain <redacted>"))
        #expect(!text.contains("media-token-XYZ987"))
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}
