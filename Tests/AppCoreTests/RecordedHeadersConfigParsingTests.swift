import AppCore
import Testing

/// `[network] recorded-headers` in config.toml: read as a list, every problem named with its line.
@Suite struct RecordedHeadersConfigParsingTests {
    @Test func theListIsRead() throws {
        let config = try AppConfig.parse("[network]\nretries = 2\nrecorded-headers = [\"X-Cache\", \"CF-*\"]\n")
        #expect(config.recordedHeaders == ["X-Cache", "CF-*"])
        #expect(config.network == ["retries": 2])
        #expect(try AppConfig.parse("[network]\nretries = 2\n").recordedHeaders == nil)
    }

    @Test(arguments: [
        ("[network]\nrecorded-headers = \"X-Cache\"",
         "config.toml:2: [network] recorded-headers must be a list of header names such as [\"X-Cache\", \"CF-*\"] (got \"X-Cache\")"),
        ("[network]\nretries = 1\nrecorded-headers = [\"X-Cache\", 3]", "config.toml:3: [network] recorded-headers items must be strings (got 3)"),
        ("\n[network]\nrecorded-headers = [\"Bad Name\"]",
         "config.toml:3: [network] recorded-headers: `Bad Name` is not a header name"),
    ])
    func problemsAreNamedWithTheirLine(text: String, expected: String) {
        let error = #expect(throws: ConfigError.self) { try AppConfig.parse(text) }
        #expect(error?.description.hasPrefix(expected) == true, "\(error?.description ?? "")")
    }
}
