import AsyncHTTPClient
import DemoBackend
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Networking
import SystemSupport
import Testing
@testable import PlaybackProxy
import Playlist

/// Streaming behaviour under a player that goes away, and under many players at once.
@Suite(.serialized) struct ProxyLoad {
    /// Waits (suspending, never blocking a thread) until `condition` holds or `limit` passes.
    static func eventually(limit: Duration = .seconds(10), _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }

    @Test func aPlayerClosingItsConnectionCancelsUpstream() async throws {
        let origin = try await DemoOrigin.start()
        defer { Task { await origin.stop() } }
        let size = 1 << 20
        await origin.server.faults.slowBody(pathPrefix: "/bench/", bytes: 16 << 10, interval: 0.05)
        let proxy = try origin.proxies.register(ProxyConfiguration(
            source: origin.benchSource(bytes: size), pipeline: NetworkPipeline(), tokens: FixedToken()))
        let segment = URL(string: proxy.baseURL.absoluteString
                          + ProxiedURI(kind: .mediaSegment, upstream: origin.server.baseURL.appending(path: "bench/\(size)")).path)!
        // A player that really hangs up: a raw socket, a GET, the first bytes, close(2).
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(segment.port!).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(connected == 0)
        let request = "GET \(segment.path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        _ = request.withCString { write(fd, $0, strlen($0)) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let first = read(fd, &buffer, buffer.count)
        #expect(first > 0 && String(decoding: buffer.prefix(12), as: UTF8.self) == "HTTP/1.1 200")
        #expect(await Self.eventually { proxy.liveUpstreamCount == 1 })
        close(fd)
        #expect(await Self.eventually { proxy.liveUpstreamCount == 0 })
        #expect(await Self.eventually { !proxy.requestLog.snapshot().isEmpty })
        let record = try #require(proxy.requestLog.snapshot().last)
        #expect(record.bytes < size, "\(record)")
        #expect(record.error == "the player closed the connection", "\(record)")
    }

    /// A playback unregistered while the player reads a segment: the body stops at its next chunk
    /// and the upstream request is released (the player's connection is not left streaming).
    @Test func unregisteringAPlaybackStopsItsBodyInFlight() async throws {
        let origin = try await DemoOrigin.start()
        defer { Task { await origin.stop() } }
        let size = 1 << 20
        await origin.server.faults.slowBody(pathPrefix: "/bench/", bytes: 16 << 10, interval: 0.05)
        let proxy = try origin.proxies.register(ProxyConfiguration(
            source: origin.benchSource(bytes: size), pipeline: NetworkPipeline(), tokens: FixedToken()))
        let segment = URL(string: proxy.baseURL.absoluteString
                          + ProxiedURI(kind: .mediaSegment, upstream: origin.server.baseURL.appending(path: "bench/\(size)")).path)!
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)
        let streamed = try await AsyncHTTPClientTransport(client: client)
            .stream(HTTPRequest(kind: .mediaSegment, url: segment), timeouts: RequestTimeouts())
        var bytes = 0
        do {
            for try await chunk in streamed.body {
                if bytes == 0 { origin.unregister(proxy) }
                bytes += chunk.readableBytes
            }
        } catch {
            // The connection closed mid-body: what a player sees.
        }
        try await client.shutdown()
        #expect(streamed.head.status == 200 && bytes > 0, "\(streamed.head.status), \(bytes) bytes")
        #expect(bytes < size, "the whole body went on streaming after the unregister")
        #expect(await Self.eventually { proxy.liveUpstreamCount == 0 })
    }

    /// 50 clients fetch 1 MB segments through the proxy for 5 s: no errors, memory flat.
    @Test func fiftyClientsFetchingOneMegabyteSegments() async throws {
        let origin = try await DemoOrigin.start()
        defer { Task { await origin.stop() } }
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 64
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        let size = 1 << 20
        let proxy = try origin.proxies.register(ProxyConfiguration(
            source: origin.benchSource(bytes: size),
            pipeline: NetworkPipeline(transport: AsyncHTTPClientTransport(client: client)), tokens: FixedToken()))
        let segment = URL(string: proxy.baseURL.absoluteString
                          + ProxiedURI(kind: .mediaSegment, upstream: origin.server.baseURL.appending(path: "bench/\(size)")).path)!
        let player = AsyncHTTPClientTransport(client: client)
        let end = ContinuousClock.now + .seconds(5)
        let warm = ContinuousClock.now + .seconds(1.5)
        let memory = Locked<(warm: Int, peak: Int)>((0, 0))
        let (fetched, errors) = await withTaskGroup(of: (Int, [String]).self) { group in
            for _ in 0..<50 {
                group.addTask {
                    var count = 0
                    var errors: [String] = []
                    while ContinuousClock.now < end {
                        do {
                            let streamed = try await player.stream(HTTPRequest(kind: .mediaSegment, url: segment), timeouts: RequestTimeouts())
                            var bytes = 0
                            for try await chunk in streamed.body { bytes += chunk.readableBytes }
                            if streamed.head.status == 200 && bytes == size { count += 1 } else { errors.append("\(streamed.head.status) \(bytes)") }
                        } catch {
                            errors.append("\(error)")
                        }
                        let rss = Self.residentBytes()
                        memory.withLock { if ContinuousClock.now < warm { $0.warm = max($0.warm, rss) } else { $0.peak = max($0.peak, rss) } }
                    }
                    return (count, errors)
                }
            }
            var total = 0
            var all: [String] = []
            for await (count, errors) in group { total += count; all += errors }
            return (total, all)
        }
        origin.unregister(proxy)
        try await client.shutdown()
        #expect(errors.isEmpty, "\(errors.prefix(5))")
        #expect(fetched > 50)
        // Resident memory is printed, not asserted: this process runs every other test suite at the
        // same time (players, servers), so its growth is not the proxy's. `make bench-proxy` measures
        // the proxy's peak memory under the same load in a process of its own (docs/benchmarks.md).
        let (warmRSS, peakRSS) = memory.withLock { $0 }
        print("proxy load: \(fetched) segments, resident memory \(warmRSS >> 20) MB after warm-up, peak \(peakRSS >> 20) MB")
        #expect(proxy.liveUpstreamCount == 0)
    }

    /// VmRSS of this process, in bytes.
    static func residentBytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) * 1024
    }
}

/// A token that never changes (the bench route needs none).
struct FixedToken: MediaTokenSource {
    func token(refresh: Bool) async throws -> String { "fixed-token" }
}
