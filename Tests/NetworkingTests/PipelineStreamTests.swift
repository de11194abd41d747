import DemoBackend
import Foundation
import NIOCore
import SystemSupport
import Testing
@testable import Networking

/// ``NetworkPipeline/stream(_:)``: retries decided on the head and the first chunk, never after.
@Suite struct PipelineStreamTests {
    /// Streams scripted bodies: each attempt gets the next list of chunks; `nil` in a list is a
    /// connection that breaks at that point.
    final class ChunkTransport: HTTPTransport, @unchecked Sendable {
        private let lock = NSLock()
        private var attempts: [[String?]]
        private(set) var calls = 0

        init(_ attempts: [[String?]]) { self.attempts = attempts }

        func execute(_ request: HTTPRequest, timeout: Double) async throws -> HTTPResponse {
            Issue.record("stream() expected")
            return HTTPResponse(status: 500, request: request)
        }

        func stream(_ request: HTTPRequest, timeouts: RequestTimeouts) async throws -> StreamedResponse {
            let chunks = lock.withLock { () -> [String?] in calls += 1; return attempts.isEmpty ? [] : attempts.removeFirst() }
            let queue = Locked(chunks[...])
            let body = HTTPBodyStream(pull: {
                guard let next = queue.withLock({ $0.popFirst() }) else { return nil }
                guard let text = next else { throw TransportError(message: "connection reset") }
                return ByteBuffer(string: text)
            })
            return StreamedResponse(head: HTTPResponse(status: 200, headers: [("Content-Type", "video/mp2t"), ("X-Cache", "MISS"), ("Set-Cookie", "s=1")],
                                                       request: request), body: body)
        }
    }

    static func read(_ body: HTTPBodyStream) async throws -> String {
        var text = ""
        for try await chunk in body { text += String(buffer: chunk) }
        return text
    }

    @Test func aConnectionBreakingBeforeTheFirstByteIsRetried() async throws {
        let transport = ChunkTransport([[nil], ["ab", "cd"]])
        let pipeline = NetworkPipeline(transport: transport, sleeper: InstantSleeper())
        let streamed = try await pipeline.stream(HTTPRequest(kind: .mediaSegment, url: URL(string: "http://o.example/s.ts")!))
        #expect(try await Self.read(streamed.body) == "abcd")
        #expect(streamed.head.timing.attempts == 2)
        #expect(transport.calls == 2)
        let records = pipeline.requestLog.snapshot()
        #expect(records.map(\.status) == [nil, 200])
        #expect(records.last?.bytes == 4)
        #expect(records.last?.headers == [("Content-Type", "video/mp2t"), ("X-Cache", "MISS")])
    }

    @Test func aConnectionBreakingAfterTheFirstByteIsNotRetried() async throws {
        let transport = ChunkTransport([["ab", nil], ["abcd"]])
        let pipeline = NetworkPipeline(transport: transport, sleeper: InstantSleeper())
        let streamed = try await pipeline.stream(HTTPRequest(kind: .mediaSegment, url: URL(string: "http://o.example/s.ts")!))
        await #expect(throws: TransportError.self) { _ = try await Self.read(streamed.body) }
        #expect(transport.calls == 1)
        let record = try #require(pipeline.requestLog.snapshot().last)
        #expect(record.bytes == 2 && record.error == "connection reset", "\(record)")
    }

    @Test func theDemoBackendsFailuresAreRetriedAndTheBodyStreams() async throws {
        var configuration = DemoConfiguration()
        configuration.generatedEventCount = 0
        configuration.resourcesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Resources")
        let server = try await DemoServer.start(configuration)
        defer { Task { await server.stop() } }
        await server.faults.failNext(2, status: 503, pathPrefix: "/bench/")
        let pipeline = NetworkPipeline(configuration: NetworkConfiguration(retry: RetryPolicy(base: 0.01, cap: 0.05)))
        let streamed = try await pipeline.stream(HTTPRequest(kind: .mediaSegment, url: server.baseURL.appending(path: "bench/300000")))
        var bytes = 0
        for try await chunk in streamed.body { bytes += chunk.readableBytes }
        #expect(bytes == 300_000)
        #expect(streamed.head.timing.attempts == 3)
        let records = pipeline.requestLog.snapshot()
        #expect(records.map(\.status) == [503, 503, 200])
        #expect(records.last?.bytes == 300_000)
        #expect(records.last?.headers["Content-Type"] == "video/mp2t")
    }
}

/// Both transport paths check the port before async-http-client sees it (NIO traps on one that
/// does not fit 16 bits, which a crafted playlist or server URL could carry).
@Suite struct TransportPortTests {
    @Test func aPortOutOfRangeIsAnErrorOnBothPaths() async throws {
        let transport = AsyncHTTPClientTransport()
        let request = HTTPRequest(kind: .mediaSegment, url: URL(string: "http://127.0.0.1:70000/segment0.ts")!)
        await #expect(throws: TransportError.self) { _ = try await transport.execute(request, timeouts: RequestTimeouts()) }
        do {
            _ = try await transport.stream(request, timeouts: RequestTimeouts())
            Issue.record("stream() accepted port 70000")
        } catch let error as TransportError {
            #expect(error.message == "port 70000 is out of range (1 to 65535)")
        }
    }
}
