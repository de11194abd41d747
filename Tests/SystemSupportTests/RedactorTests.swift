@testable import SystemSupport
import Testing

/// The one redaction (moved here from Networking's `Redaction`, AppCore's `Redactor` and the
/// Player's `LogRedaction`, with their cases).
@Suite("One redactor")
struct RedactorTests {
    @Test(arguments: [
        ("GET /a.ts?Authorization=abc123&q=1", "GET /a.ts?Authorization=<redacted>&q=1"),
        ("Authorization: Bearer eyJhbGci.x.y", "Authorization: <redacted>"),
        (#"{"accessToken":"abc","user":"u"}"#, #"{"accessToken":"<redacted>","user":"u"}"#),
        ("sent bearer abc.def", "sent bearer <redacted>"),
        ("http://h/x?token=t1&sig=s", "http://h/x?token=<redacted>&sig=<redacted>"),
        ("nothing secret here", "nothing secret here"),
        ("Failed to open http://h/a.ts?Authorization=abc123&v=1", "Failed to open http://h/a.ts?Authorization=<redacted>&v=1"),
        ("http-header-fields=Authorization: tok", "http-header-fields=Authorization: <redacted>"),
        ("proxy at http://bob:hunter2@proxy.test:8080/x refused", "proxy at http://<redacted>@proxy.test:8080/x refused"),
        ("Cannot reach https://alice@cam.test (refused)", "Cannot reach https://<redacted>@cam.test (refused)"),
        ("mail demo@eventplayer.dev at http://h/x", "mail demo@eventplayer.dev at http://h/x"),
        ("POST /zm/api/host/login.json user=viewer&pass=hunter2", "POST /zm/api/host/login.json user=viewer&pass=<redacted>"),
        ("GET /zm/index.php?view=view_video&eid=7&token=eyJ0eXAi.x.y", "GET /zm/index.php?view=view_video&eid=7&token=<redacted>"),
    ])
    func knownShapes(input: String, output: String) {
        #expect(Redactor().redact(input) == output)
    }

    @Test(arguments: [
        "GET https://h/v.m3u8?x=1&Authorization=tok_abc.def-123&y=2",
        "header Authorization: tok_abc.def-123",
        "Authorization: Bearer eyJhbGciOi.payload.sig",
        #"{"email":"a@b.c","password":"hunter2hunter2"}"#,
        #"{"accessToken":"aaaaaaaaaaaa","refreshToken":"rrrrrrrrrrrr"}"#,
    ])
    func knownShapesLeaveNoSecret(line: String) {
        let out = Redactor().redact(line)
        #expect(out.contains("<redacted>"))
        for secret in ["tok_abc.def-123", "eyJhbGciOi", "hunter2hunter2", "aaaaaaaaaaaa", "rrrrrrrrrrrr"] {
            #expect(!out.contains(secret), "\(out)")
        }
    }

    /// Text is redacted the same whether or not the quick look for the rules' words lets it skip
    /// the expressions: every case of the words is found, and non-ASCII text always runs them.
    @Test(arguments: [
        ("GET /x?TOKEN=abc", true), ("AuThOrIzAtIoN: x", true), ("x BEARER y", true), ("u@h", true),
        ("api_KEY=1", true), ("Sig=2", true), ("PassWord=3", true), ("a \u{212A}ey=4", true),
        ("started origin=--server server=http://127.0.0.1:43389", false), ("GET /v1/events?limit=100", false),
    ])
    func theQuickLookFindsEveryWordTheRulesNeed(text: String, mayMatch: Bool) {
        #expect(Redactor.mightMatchRules(text) == mayMatch)
        if !mayMatch { #expect(Redactor().redact(text) == text) }
    }

    @Test func aKelvinSignSpelledTokenIsStillRedacted() {
        #expect(Redactor().redact("GET /x?to\u{212A}en=abcdef") == "GET /x?to\u{212A}en=<redacted>")
    }

    @Test func registeredSecretsAreRedactedAnywhere() {
        let redactor = Redactor()
        redactor.register("s3cr3t-value-42")
        #expect(redactor.redact("oops s3cr3t-value-42 leaked") == "oops <redacted> leaked")
        #expect(redactor.redact("bad URI http://h/s3cr3t-value-42/v.m3u8") == "bad URI http://h/<redacted>/v.m3u8")
        #expect(redactor.redact("x=1&y=2") == "x=1&y=2")
    }
}
