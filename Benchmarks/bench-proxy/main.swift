// bench-proxy: what the playback proxy costs next to fetching straight from the demo backend,
// for 1 MB segments, in one run, as ratios (proxy / direct):
//   - added latency: one client fetching segments one after another (time to first byte and to
//     the last byte, median);
//   - throughput: 8 clients fetching for a few seconds, MB/s, from the in-process origin as fast
//     as it goes (CPU-bound: the proxy's extra receive + send share the same cores), then from a
//     paced origin (network-bound, as a remote one is);
//   - memory: peak resident size of the process under 50 clients, direct and through the proxy;
//   - time to first frame with real libmpv (vo=null), direct vs through the process's one proxy
//     server (each playback registered on it, as ProxyPreparer does).
//
//   swift run -c release bench-proxy [seconds per throughput/load phase, default 4]
//
// Direct and proxy use the same HTTPClient and alternate blocks, so drift hits both alike.
// The demo backend runs in this process too (it is the origin). Prints figures, asserts nothing.
import AsyncHTTPClient
import DemoBackend
import Foundation
import Networking
import PlaybackProxy
import Playlist
import SystemSupport

struct NoToken: MediaTokenSource {
    func token(refresh: Bool) async throws -> String { "bench" }
}

func median(_ samples: [Double]) -> Double {
    let sorted = samples.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

func residentBytes() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    return (Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) * 1024
}

/// One GET: (ms to the first body byte, ms to the last, bytes).
func fetch(_ url: URL, _ transport: AsyncHTTPClientTransport) async throws -> (Double, Double, Int) {
    let start = ContinuousClock.now
    let streamed = try await transport.stream(HTTPRequest(kind: .mediaSegment, url: url), timeouts: RequestTimeouts())
    var first: Double?
    var bytes = 0
    for try await chunk in streamed.body {
        if first == nil { first = (ContinuousClock.now - start).milliseconds }
        bytes += chunk.readableBytes
    }
    guard streamed.head.status == 200 else { throw CocoaError(.fileReadUnknown) }
    return (first ?? 0, (ContinuousClock.now - start).milliseconds, bytes)
}

/// `clients` loops fetching `url` for `seconds`: (bytes, peak resident bytes, errors).
func load(_ url: URL, clients: Int, seconds: Double, _ transport: AsyncHTTPClientTransport) async -> (Int, Int, Int) {
    let end = ContinuousClock.now + .seconds(seconds)
    let peak = Locked(0)
    return await withTaskGroup(of: (Int, Int).self) { group in
        for _ in 0..<clients {
            group.addTask {
                var bytes = 0, errors = 0
                while ContinuousClock.now < end {
                    do { bytes += try await fetch(url, transport).2 } catch { errors += 1 }
                    let rss = residentBytes()
                    peak.withLock { $0 = max($0, rss) }
                }
                return (bytes, errors)
            }
        }
        var bytes = 0, errors = 0
        for await (b, e) in group { bytes += b; errors += e }
        return (bytes, peak.withLock { $0 }, errors)
    }
}

let seconds = CommandLine.arguments.dropFirst().first.flatMap(Double.init) ?? 4
let size = 1 << 20
var demoConfiguration = DemoConfiguration()
demoConfiguration.generatedEventCount = 0
demoConfiguration.resourcesDirectory = ProcessInfo.processInfo.environment["EVENTPLAYER_RESOURCES"].map(URL.init(fileURLWithPath:))
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources")
let server = try await DemoServer.start(demoConfiguration)
var clientConfiguration = HTTPClient.Configuration()
clientConfiguration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 64
let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: clientConfiguration)
let transport = AsyncHTTPClientTransport(client: client)
let direct = server.baseURL.appending(path: "bench/\(size)")
let proxyServer = try await PlaybackProxyServer.start()
let proxy = try proxyServer.register(ProxyConfiguration(
    source: PlaybackSource(eventID: "bench", videoURL: direct, bucket: "bench", startTime: Date(timeIntervalSince1970: 0),
                           endTime: Date(timeIntervalSince1970: 1)),
    pipeline: NetworkPipeline(transport: transport, configuration: NetworkConfiguration(requestLogCapacity: 100)),
    tokens: NoToken()))
let proxied = URL(string: proxy.baseURL.absoluteString + ProxiedURI(kind: .mediaSegment, upstream: direct).path)!

// Warm up both paths (connections, allocator).
for _ in 0..<20 { _ = try await fetch(direct, transport); _ = try await fetch(proxied, transport) }

// Latency: alternating blocks of 20 sequential fetches, 200 each.
var latency: [Bool: (first: [Double], last: [Double])] = [true: ([], []), false: ([], [])]
for block in 0..<20 {
    let viaProxy = block % 2 == 1
    for _ in 0..<20 {
        let (first, last, _) = try await fetch(viaProxy ? proxied : direct, transport)
        latency[viaProxy]!.first.append(first)
        latency[viaProxy]!.last.append(last)
    }
}
// Throughput: 8 clients, 8 alternating rounds per side (drift and neighbours hit both alike).
var throughput: [Bool: Double] = [false: 0, true: 0]
let rounds = 8
for round in 0..<rounds {
    for viaProxy in (round % 2 == 0 ? [false, true] : [true, false]) {
        let slice = seconds / Double(rounds)
        let (bytes, _, _) = await load(viaProxy ? proxied : direct, clients: 8, seconds: slice, transport)
        throughput[viaProxy]! += Double(bytes) / slice / Double(rounds) / 1e6
    }
}
// The same with a paced origin (each connection sends 64 KiB every 5 ms, about 13 MB/s, as a
// remote origin would be network-bound rather than sharing this CPU): proxy/direct shows whether
// the proxy is ever the bottleneck.
await server.faults.slowBody(pathPrefix: "/bench/", bytes: 64 << 10, interval: 0.005)
var paced: [Bool: Double] = [false: 0, true: 0]
for round in 0..<rounds {
    for viaProxy in (round % 2 == 0 ? [false, true] : [true, false]) {
        let slice = seconds / Double(rounds)
        let (bytes, _, _) = await load(viaProxy ? proxied : direct, clients: 8, seconds: slice, transport)
        paced[viaProxy]! += Double(bytes) / slice / Double(rounds) / 1e6
    }
}
await server.faults.reset()

// Memory: 50 clients.
let idle = residentBytes()
let (_, directPeak, directErrors) = await load(direct, clients: 50, seconds: seconds, transport)
let (_, proxyPeak, proxyErrors) = await load(proxied, clients: 50, seconds: seconds, transport)

// Time to first frame (real libmpv, vo=null): direct with the token header vs through the one
// proxy server, each playback registered on it; alternating, 10 each.
let (event, token) = try await FirstFrame.event("evt-endlist", server: server)
var firstFrames: [Bool: [Double]] = [false: [], true: []]
for run in 0..<20 {
    let viaProxy = run % 2 == 1
    firstFrames[viaProxy]!.append(try await FirstFrame.measure(event, token: token, proxy: viaProxy ? proxyServer : nil))
}

func ms(_ value: Double) -> String { String(format: "%.2f ms", value) }
let d = latency[false]!, p = latency[true]!
print("bench-proxy: 1 MB segments, demo backend in-process, \(ProcessInfo.processInfo.activeProcessorCount) cores")
print("latency (1 client, median of \(d.last.count)): first byte direct \(ms(median(d.first))) proxy \(ms(median(p.first)))"
      + " (+\(ms(median(p.first) - median(d.first)))); last byte direct \(ms(median(d.last))) proxy \(ms(median(p.last)))"
      + String(format: " (ratio %.2f)", median(d.last) / median(p.last)))
print(String(format: "throughput (8 clients): direct %.0f MB/s, proxy %.0f MB/s, proxy/direct %.2f×",
             throughput[false]!, throughput[true]!, throughput[true]! / throughput[false]!))
print(String(format: "throughput (8 clients, paced origin): direct %.0f MB/s, proxy %.0f MB/s, proxy/direct %.2f×",
             paced[false]!, paced[true]!, paced[true]! / paced[false]!))
print("memory (50 clients, whole process incl. demo backend): idle \(idle >> 20) MB, peak direct \(directPeak >> 20) MB"
      + " (\(directErrors) errors), peak through proxy \(proxyPeak >> 20) MB (\(proxyErrors) errors)")
print("time to first frame (evt-endlist, median of 10): direct \(ms(median(firstFrames[false]!))), "
      + "proxy \(ms(median(firstFrames[true]!))) (registration included)")
await proxyServer.stop()
try await client.shutdown().get()
await server.stop()
