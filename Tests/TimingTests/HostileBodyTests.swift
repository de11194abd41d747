import DemoBackend
import Foundation
import Testing
@testable import Networking

/// A server that drips its reply, and one whose body never ends, against the real transport and
/// the demo backend's faults (`/bench/<bytes>`: filler without a token).
@Suite struct HostileBodyTests {
    static func server() async throws -> DemoServer {
        var configuration = DemoConfiguration()
        configuration.generatedEventCount = 0
        configuration.resourcesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Resources")
        return try await DemoServer.start(configuration)
    }

    static func pipeline(requestTimeout: Double, retries: Int = 0) -> NetworkPipeline {
        var configuration = NetworkConfiguration()
        configuration.setTimeouts(request: requestTimeout)
        configuration.retry.maxRetries = retries
        return NetworkPipeline(configuration: configuration)
    }

    @Test(.timeLimit(.minutes(1)))
    func aCollectedBodyThatDripsTimesOutAtTheRequestTimeout() async throws {
        let server = try await Self.server()
        // The head comes at once; then one byte every 0.2 s: 4 KiB would take 13 minutes.
        await server.faults.slowBody(pathPrefix: "/bench/", bytes: 1, interval: 0.2)
        let pipeline = Self.pipeline(requestTimeout: 1)
        let request = HTTPRequest(kind: .manifestHlsMaster, url: server.baseURL.appendingPathComponent("bench/4096"))
        let error = await #expect(throws: NetworkError.self) { try await pipeline.send(request) }
        #expect(error?.isTimeout == true)
        #expect(error?.description.contains("did not answer within 1 s") == true, "\(String(describing: error))")
        // One attempt (a timeout of a collected body is not retried here: retries 0), as the
        // pipeline's own log says; the server logs an exchange only when its drip notices the
        // closed connection, later on a loaded machine.
        let attempts = pipeline.requestLog.snapshot().filter { $0.target.hasSuffix("/bench/4096") }
        #expect(attempts.count == 1, "\(attempts)")
        await server.stop()
    }

    @Test(.timeLimit(.minutes(1)))
    func aStreamedBodyThatDripsFailsItsPace() async throws {
        let server = try await Self.server()
        await server.faults.slowBody(pathPrefix: "/bench/", bytes: 1, interval: 0.2)
        // 6 s: room for the head on a loaded machine (the head's deadline is not under test here).
        let pipeline = Self.pipeline(requestTimeout: 6)
        let request = HTTPRequest(kind: .mediaSegment, url: server.baseURL.appendingPathComponent("bench/1048576"))
        let streamed = try await pipeline.stream(request)
        var bytes = 0
        var failure: (any Error)?
        do {
            for try await chunk in streamed.body { bytes += chunk.readableBytes }
        } catch {
            failure = error
        }
        let transport = try #require(failure as? TransportError)
        #expect(transport.isTimeout)
        #expect(transport.message == "the server sent less than 16 KiB in 6 s")
        #expect(bytes < 16 << 10)
        await server.stop()
    }

    @Test(.timeLimit(.minutes(1)))
    func aStreamedBodyAtAGoodPaceOutlivesTheRequestTimeout() async throws {
        let server = try await Self.server()
        // 64 KiB every 0.25 s: 2 MiB in 8 s, longer than the request timeout (6 s: room for the
        // head on a loaded machine), never idle for long.
        await server.faults.slowBody(pathPrefix: "/bench/", bytes: 64 << 10, interval: 0.25)
        let pipeline = Self.pipeline(requestTimeout: 6)
        let request = HTTPRequest(kind: .mediaSegment, url: server.baseURL.appendingPathComponent("bench/2097152"))
        let streamed = try await pipeline.stream(request)
        var bytes = 0
        for try await chunk in streamed.body { bytes += chunk.readableBytes }
        #expect(bytes == 2 << 20)
        await server.stop()
    }

    @Test(.timeLimit(.minutes(2)))
    func anEndlessPlaylistFailsAtItsCapOnceWithTheCapInTheMessage() async throws {
        let server = try await Self.server()
        await server.faults.endlessBody(pathPrefix: "/bench/")
        let pipeline = Self.pipeline(requestTimeout: 60, retries: 3)
        let request = HTTPRequest(kind: .manifestHlsMaster, url: server.baseURL.appendingPathComponent("bench/100"))
        let error = await #expect(throws: NetworkError.self) { try await pipeline.send(request) }
        #expect(error?.isTooLarge == true)
        #expect(error?.attempts == 1)
        #expect(error?.cause == "the playlist is larger than 64 MiB")
        #expect(error?.description.contains("the playlist is larger than 64 MiB, the cap for it; not retried") == true,
                "\(String(describing: error))")
        #expect(await server.requestLog().filter { $0.path == "/bench/100" }.count == 1, "not retried")
        await server.stop()
    }

    @Test func capsByKind() {
        #expect(HTTPRequestKind.manifestHlsMaster.maxBodyBytes == 64 << 20)
        #expect(HTTPRequestKind.manifestHlsVariant.maxBodyBytes == 64 << 20)
        #expect(HTTPRequestKind.apiEvents.maxBodyBytes == 16 << 20)
        #expect(HTTPRequestKind.keyHlsAes.maxBodyBytes == 64 << 10)
        #expect(TransportError.tooLarge(.keyHlsAes, cap: 64 << 10).message == "the key is larger than 64 KiB")
    }

    @Test func aBodyOverItsCapIsNotRetriedByThePolicy() {
        let request = HTTPRequest(kind: .manifestHlsMaster, url: URL(string: "http://h/a.m3u8")!)
        let failure = AttemptFailure(cause: .transport(.tooLarge(.manifestHlsMaster, cap: 64 << 20)), request: request)
        #expect(RetryPolicy().decide(failure, retry: 1) == .abort)
    }

    @Test func thePaceStartsAWindowWhenOneIsFilled() {
        let start = ContinuousClock.now
        var pace = BodyPace(seconds: 2, now: start)
        #expect(pace.deadline == start + .seconds(2))
        pace.received(10 << 10, at: start + .seconds(1))
        #expect(pace.deadline == start + .seconds(2), "10 KiB do not fill a window")
        pace.received(6 << 10, at: start + .milliseconds(1500))
        #expect(pace.deadline == start + .milliseconds(3500), "16 KiB do: the next window starts")
    }
}
