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

    @Test func laterFlagsReplaceEarlierValues() throws {
        var configuration = NetworkConfiguration()
        try configuration.addHeader(flag: "X-A: 1")
        try configuration.addHeader(flag: "x-a: 2")
        try configuration.addHeader(flag: "mediaSegment:X-A: 3")
        #expect(configuration.headers(for: .apiEvents) == [("x-a", "2")])
        #expect(configuration.headers(for: .mediaSegment) == [("X-A", "3")])
    }
}

@Suite struct NetworkConfigurationDecodingTests {
    /// The TOML file's tables, in the JSON form any Decoder gives (TOMLKit decodes the same shape).
    let file = """
    {
      "server": "http://ignored.example",
      "headers": {"User-Agent": "ep/1", "mediaSegment": {"X-CDN": "seg"}},
      "retry": {"maxRetries": 5, "base": 0.5, "cap": 8, "retryAfterCap": 12},
      "timeouts": {"connect": 4, "request": 25, "mediaSegment": {"request": 90}},
      "requestLog": {"capacity": 50}
    }
    """

    @Test func decodesEveryKey() throws {
        let configuration = try JSONDecoder().decode(NetworkConfiguration.self, from: Data(file.utf8))
        #expect(configuration.headers(for: .apiAuth) == [("User-Agent", "ep/1")])
        #expect(configuration.headers(for: .mediaSegment) == [("User-Agent", "ep/1"), ("X-CDN", "seg")])
        #expect(configuration.retry == RetryPolicy(maxRetries: 5, base: 0.5, cap: 8, retryAfterCap: 12))
        #expect(configuration.timeouts(for: .apiEvents) == RequestTimeouts(connect: 4, request: 25))
        #expect(configuration.timeouts(for: .mediaSegment) == RequestTimeouts(connect: 4, request: 90))
        #expect(configuration.requestLogCapacity == 50)
    }

    @Test func emptyFileGivesTheDefaults() throws {
        let configuration = try JSONDecoder().decode(NetworkConfiguration.self, from: Data("{}".utf8))
        #expect(configuration == NetworkConfiguration())
        #expect(configuration.retry == RetryPolicy(maxRetries: 3, base: 0.25, cap: 5, retryAfterCap: 30))
        #expect(configuration.timeouts(for: .mediaSegment) == RequestTimeouts(connect: 10, request: 60))
        #expect(configuration.handlerTimeout == 20)
    }

    @Test(arguments: [
        (#"{"headers": {"mediaSegmnt": {"X": "1"}}}"#, "[headers.mediaSegmnt]: 'mediaSegmnt' is not a request kind"),
        (#"{"timeouts": {"request": 0}}"#, "timeouts.request must be a number above 0 (got 0.0)"),
        (#"{"retry": {"maxRetries": -1}}"#, "retry.maxRetries must be a number of 0 or more (got -1.0)"),
        (#"{"headers": {"Bad Name": "1"}}"#, "[headers] \"Bad Name\": 'Bad Name' is not a valid header name"),
    ])
    func badValuesNameTheKey(json: String, message: String) {
        do {
            _ = try JSONDecoder().decode(NetworkConfiguration.self, from: Data(json.utf8))
            Issue.record("decoded \(json)")
        } catch let error as NetworkConfigurationError {
            #expect(error.message.hasPrefix(message))
        } catch {
            Issue.record("unexpected \(error)")
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

    @Test(arguments: [
        ("GET /a.ts?Authorization=abc123&q=1", "GET /a.ts?Authorization=<redacted>&q=1"),
        ("Authorization: Bearer eyJhbGci.x.y", "Authorization: <redacted>"),
        (#"{"accessToken":"abc","user":"u"}"#, #"{"accessToken":"<redacted>","user":"u"}"#),
        ("sent bearer abc.def", "sent bearer <redacted>"),
        ("http://h/x?token=t1&sig=s", "http://h/x?token=<redacted>&sig=<redacted>"),
        ("nothing secret here", "nothing secret here"),
    ])
    func redaction(input: String, output: String) {
        #expect(Redaction.redact(input) == output)
    }

    @Test func requestDescriptionHidesHeadersAndQuery() {
        var media = request("/m.ts", kind: .mediaSegment, query: "Authorization=abc")
        media.headers["Authorization"] = "abc"
        #expect("\(media)" == "GET mediaSegment api.test/m.ts")
    }
}
