import Testing
@testable import Networking

/// `[network] recorded-headers` patterns: names, `Prefix-*`, `*`; anything else is refused.
@Suite struct RecordedHeadersPatternTests {
    let headers: HTTPHeaderFields = [("Content-Type", "video/mp2t"), ("CF-Ray", "8f1"), ("cf-cache-status", "HIT"),
                                     ("X-Cache", "MISS"), ("X-Served-By", "edge-1"), ("Server", "nginx")]

    @Test func namesAndPrefixesPickTheirHeadersCaseInsensitively() throws {
        let recorded = try RecordedHeaders(patterns: ["x-cache", "CF-*"])
        #expect(recorded.select(headers).map { $0.name } == ["CF-Ray", "cf-cache-status", "X-Cache"])
    }

    @Test func aStarAloneKeepsEveryHeaderAndAnEmptyListNone() throws {
        #expect(try RecordedHeaders(patterns: ["*"]).select(headers).map { $0.name }.count == headers.map { $0.name }.count)
        #expect(try RecordedHeaders(patterns: []).select(headers).map { $0.name }.isEmpty)
    }

    @Test(arguments: ["Bad Name", "", "X-Cache:", "CF-*-x", "Ümlaut"])
    func whatIsNotAHeaderNameIsRefused(pattern: String) {
        let error = #expect(throws: RecordedHeadersError.self) { try RecordedHeaders(patterns: ["Server", pattern]) }
        #expect(error?.description.hasPrefix("`\(pattern)` is not a header name") == true)
    }
}
