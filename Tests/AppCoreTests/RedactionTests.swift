@testable import AppCore
import Foundation
import Logging
import Testing

@Suite("Secrets never reach the log")
struct RedactionTests {
    @Test(arguments: [
        "GET https://h/v.m3u8?x=1&Authorization=tok_abc.def-123&y=2",
        "header Authorization: tok_abc.def-123",
        "Authorization: Bearer eyJhbGciOi.payload.sig",
        #"{"email":"a@b.c","password":"hunter2hunter2"}"#,
        #"{"accessToken":"aaaaaaaaaaaa","refreshToken":"rrrrrrrrrrrr"}"#,
    ])
    func knownShapesAreRedacted(line: String) {
        let out = Redactor().redact(line)
        #expect(out.contains("<redacted>"))
        for secret in ["tok_abc.def-123", "eyJhbGciOi", "hunter2hunter2", "aaaaaaaaaaaa", "rrrrrrrrrrrr"] {
            #expect(!out.contains(secret), "\(out)")
        }
    }

    @Test func registeredSecretsAreRedactedAnywhere() {
        let redactor = Redactor()
        redactor.register("s3cr3t-value-42")
        #expect(redactor.redact("oops s3cr3t-value-42 leaked") == "oops <redacted> leaked")
        #expect(redactor.redact("x=1&y=2") == "x=1&y=2")
    }

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
        #expect(!text.contains("media-token-XYZ987"))
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}
