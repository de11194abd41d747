import Foundation
import Testing
@testable import Networking

@Suite struct HeaderFlagTests {
    @Test func plainHeaderForEveryKind() throws {
        #expect(try HeaderFlag(parsing: "User-Agent: eventplayer/1.0") == HeaderFlag(name: "User-Agent", value: "eventplayer/1.0"))
        #expect(try HeaderFlag(parsing: "X-Foo:bar") == HeaderFlag(name: "X-Foo", value: "bar"))
        #expect(try HeaderFlag(parsing: "Referer: https://example.com/a?b=c")
                == HeaderFlag(name: "Referer", value: "https://example.com/a?b=c"))
        #expect(try HeaderFlag(parsing: "Referer:https://example.com") == HeaderFlag(name: "Referer", value: "https://example.com"))
    }

    @Test func headerForOneKind() throws {
        #expect(try HeaderFlag(parsing: "mediaSegment:X-CDN-Key: abc") == HeaderFlag(kind: .mediaSegment, name: "X-CDN-Key", value: "abc"))
        #expect(try HeaderFlag(parsing: "apievents:Accept-Language: de") == HeaderFlag(kind: .apiEvents, name: "Accept-Language", value: "de"))
        // A header that happens to be named like a kind stays a header.
        #expect(try HeaderFlag(parsing: "thumbnail: yes") == HeaderFlag(name: "thumbnail", value: "yes"))
    }

    @Test(arguments: [
        ("X-Foo", "it has no ':'"),
        (": value", "the header name is empty"),
        ("Bad Name: value", "'Bad Name' is not a valid header name"),
        ("mediaSegmnt:X-CDN: abc", "'mediaSegmnt' is not a request kind"),
        ("mediaSegment:: abc", "the header name is empty"),
    ])
    func clearErrors(flag: String, problem: String) {
        do {
            _ = try HeaderFlag(parsing: flag)
            Issue.record("\(flag) parsed")
        } catch let error as HeaderFlagError {
            #expect(error.problem.hasPrefix(problem))
            #expect(error.description.contains("--header \"\(flag)\""))
            #expect(error.description.contains("\"kind:Name: value\""))
            #expect(error.description.contains("mediaSegment"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("a value with a line break or another control character is refused, CRLF included", arguments: [
        ("X-A: a\r\nX-Evil: 1", "the value contains a line break"),
        ("X-A: a\nb", "the value contains a line break"),
        ("X-A: a\rb", "the value contains a line break"),
        ("mediaSegment:X-A: a\r\n", "the value contains a line break"),
        ("X-A: a\u{0}b", "the value contains the control character U+0000"),
        ("X-A: a\u{1B}[2Jb", "the value contains the control character U+001B"),
        ("X-A: a\u{7F}", "the value contains the control character U+007F"),
    ])
    func controlCharactersInValues(flag: String, problem: String) {
        let error = #expect(throws: HeaderFlagError.self) { try HeaderFlag(parsing: flag) }
        #expect(error?.problem == problem)
        #expect(error?.description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } == false,
                "the flag is shown escaped: \(error?.description ?? "")")
        #expect(throws: NetworkConfigurationError.self) {
            var configuration = NetworkConfiguration()
            try configuration.apply(headerTable: "all", fields: [("X-A", String(flag.dropFirst(flag.hasPrefix("X-A: ") ? 5 : 0)))])
        }
    }

    @Test func aTabInAValueIsFine() throws {
        #expect(try HeaderFlag(parsing: "X-A: a\tb") == HeaderFlag(name: "X-A", value: "a\tb"))
    }

    @Test func laterFlagsReplaceEarlierValues() throws {
        var configuration = NetworkConfiguration()
        try configuration.addHeader(flag: "X-A: 1")
        try configuration.addHeader(flag: "x-a: 2")
        try configuration.addHeader(flag: "mediaSegment:X-A: 3")
        #expect(configuration.headers(for: .apiEvents) == [("x-a", "2")])
        #expect(configuration.headers(for: .mediaSegment) == [("X-A", "3")])
    }
}

@Suite struct NetworkConfigurationFileTests {
    @Test func appliesEveryNetworkKey() throws {
        var configuration = NetworkConfiguration()
        try configuration.apply(networkTable: [
            "retries": 5, "retry-base": 0.5, "retry-cap": 8, "retry-after-cap": 12,
            "connect-timeout": 4, "request-timeout": 25, "mediaSegment-request-timeout": 90,
            "apiAuth-connect-timeout": 2, "handler-timeout": 10, "request-log-size": 50,
        ])
        #expect(configuration.retry == RetryPolicy(maxRetries: 5, base: 0.5, cap: 8, retryAfterCap: 12))
        #expect(configuration.timeouts(for: .apiEvents) == RequestTimeouts(connect: 4, request: 25))
        #expect(configuration.timeouts(for: .mediaSegment) == RequestTimeouts(connect: 4, request: 90))
        #expect(configuration.timeouts(for: .apiAuth) == RequestTimeouts(connect: 2, request: 25))
        #expect(configuration.handlerTimeout == 10)
        #expect(configuration.requestLogCapacity == 50)
    }

    @Test func headerTablesForAllAndForOneKind() throws {
        var configuration = NetworkConfiguration()
        try configuration.apply(headerTable: "all", fields: [("User-Agent", "ep/1")])
        try configuration.apply(headerTable: "mediaSegment", fields: [("X-CDN", "seg")])
        try configuration.addHeader(flag: "User-Agent: ep/2")         // flags come after the file and win
        #expect(configuration.headers(for: .apiAuth) == [("User-Agent", "ep/2")])
        #expect(configuration.headers(for: .mediaSegment) == [("User-Agent", "ep/2"), ("X-CDN", "seg")])
    }

    @Test func defaults() {
        let configuration = NetworkConfiguration()
        #expect(configuration.retry == RetryPolicy(maxRetries: 3, base: 0.25, cap: 5, retryAfterCap: 30))
        #expect(configuration.timeouts(for: .mediaSegment) == RequestTimeouts(connect: 10, request: 60))
        #expect(configuration.timeouts(for: .apiEvents) == RequestTimeouts(connect: 10, request: 30))
        #expect(configuration.handlerTimeout == 20)
        #expect(configuration.requestLogCapacity == 500)
        #expect(NetworkConfiguration.networkKeys.contains("thumbnail-request-timeout"))
    }

    @Test(arguments: [
        (["retrys": 3.0], "[network] unknown key `retrys`"),
        (["request-timeout": 0.0], "[network] request-timeout must be a number of seconds above 0 and at most 86400 (got 0)"),
        (["retries": -1.0], "[network] retries must be a whole number from 0 to 999 (got -1)"),
        (["retries": 1.5], "[network] retries must be a whole number from 0 to 999 (got 1.5)"),
        (["retries": 100000.0], "[network] retries must be a whole number from 0 to 999 (got 100000)"),
        (["retry-cap": -1.0], "[network] retry-cap must be a number of seconds from 0 to 3600 (got -1)"),
        (["request-log-size": 0.0], "[network] request-log-size must be a whole number from 1 to 100000 (got 0)"),
        // Bounded so that no Duration or Int64 conversion of a timeout can overflow.
        (["mediaSegment-request-timeout": 1e300], "[network] mediaSegment-request-timeout must be a number of seconds above 0 and at most 86400 (got 1e+300)"),
        (["mediaSegmnt-request-timeout": 5.0], "[network] unknown key `mediaSegmnt-request-timeout`"),
    ])
    func badNetworkValuesNameTheKey(table: [String: Double], message: String) {
        var configuration = NetworkConfiguration()
        do {
            try configuration.apply(networkTable: table)
            Issue.record("accepted \(table)")
        } catch let error as NetworkConfigurationError {
            #expect(error.message.hasPrefix(message))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func badHeaderTables() {
        var configuration = NetworkConfiguration()
        #expect(throws: NetworkConfigurationError.self) {
            try configuration.apply(headerTable: "mediaSegmnt", fields: [("X", "1")])
        }
        do {
            try configuration.apply(headerTable: "all", fields: [("Bad Name", "1")])
            Issue.record("accepted a bad name")
        } catch {
            #expect("\(error)" == "[headers.all] Bad Name: 'Bad Name' is not a valid header name (letters, digits, - and _)")
        }
    }
}

@Suite struct RequestLogTests {
    @Test func everyAttemptIsRecordedWithoutQueryOrSecrets() async throws {
        let transport = ScriptedTransport(["/media/7-days/evt/seg0.ts": [.status(503)]])
        let pipeline = NetworkPipeline(transport: transport, sleeper: InstantSleeper())
        var media = request("/media/7-days/evt/seg0.ts", kind: .mediaSegment, query: "Authorization=secret-token&v=1")
        media.headers["Authorization"] = "secret-token"
        _ = try await pipeline.send(media)
        let records = pipeline.requestLog.snapshot()
        #expect(records.map(\.status) == [503, 200])
        #expect(records.map(\.attempt) == [1, 2])
        #expect(records.map(\.sequence) == [1, 2])
        #expect(records[0].delay == 0)
        #expect(records[1].bytes == 2)
        #expect(records[0].target == "api.test/media/7-days/evt/seg0.ts")
        #expect(records.allSatisfy { !$0.description.contains("secret") })
        #expect(records[0].description.hasPrefix("#1 GET mediaSegment api.test/media/7-days/evt/seg0.ts 503 attempt 1"))
    }

    @Test func ringIsBounded() {
        let log = RequestLog(capacity: 3)
        for i in 1...5 {
            log.append(RequestRecord(kind: .apiEvents, method: "GET", target: "h/\(i)", status: 200,
                                     attempt: 1, delay: 0, milliseconds: 1, bytes: 0))
        }
        #expect(log.snapshot().map(\.target) == ["h/3", "h/4", "h/5"])
        #expect(log.version == 5)
        #expect(log.count == 3)
        log.clear()
        #expect(log.snapshot().isEmpty)
    }

    @Test func requestDescriptionHidesHeadersAndQuery() {
        var media = request("/m.ts", kind: .mediaSegment, query: "Authorization=abc")
        media.headers["Authorization"] = "abc"
        #expect("\(media)" == "GET mediaSegment api.test/m.ts")
    }
}
