import AppCore
import Foundation
import Testing

@Suite("Config file parsing")
struct ConfigTests {
    @Test func everyKeyParses() throws {
        let config = try AppConfig.parse("""
        server = "https://events.example.com"
        video = "none"
        audio = false
        log-level = "debug"

        [network]
        retries = 5
        retry-cap = 2.5

        [headers.all]
        X-Client = "eventplayer"

        [headers.mediaSegment]
        X-Debug = "1"

        [mpv]
        cache-secs = 30
        """)
        #expect(config.server == URL(string: "https://events.example.com"))
        #expect(config.video == "none")
        #expect(config.audio == false)
        #expect(config.logLevel == "debug")
        #expect(config.network == ["retries": 5, "retry-cap": 2.5])
        #expect(config.headers["all"] == [.init(name: "X-Client", value: "eventplayer")])
        #expect(config.headers["mediaSegment"] == [.init(name: "X-Debug", value: "1")])
        #expect(config.mpvOptions == [.init(name: "cache-secs", value: "30")])
    }

    @Test func anEmptyOrMissingFileIsTheDefault() throws {
        #expect(try AppConfig.parse("") == AppConfig())
        let missing = FileManager.default.temporaryDirectory.appending(path: "no-such-\(UUID().uuidString).toml")
        #expect(try AppConfig.load(from: missing) == AppConfig())
    }

    @Test(arguments: [
        ("server = \"ftp://x\"", "http(s) URL"),
        ("video = \"big\"", "auto, window, terminal or none"),
        ("colour = true", "unknown key `colour`"),
        ("[network]\nretries = \"three\"", "must be a number"),
        ("server = \n", "config.toml:1"),
    ])
    func badValuesAreNamed(text: String, expected: String) {
        let error = #expect(throws: ConfigError.self) { try AppConfig.parse(text) }
        #expect(error?.description.contains(expected) == true, "\(error?.description ?? "")")
    }
}
