import DemoBackend
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Networking
import Testing
@testable import PlaybackProxy
import Playlist

/// A camera live through the proxy: the endless MJPEG feed of the demo's Frigate is passed
/// through as it comes (the player reads pictures while the origin still sends, nothing waits
/// for an end), and a player that hangs up ends the upstream request.
@Suite struct ProxyLiveFeedTests {
    static func count(_ needle: Data, in data: Data) -> Int {
        var found = 0
        var rest = data[...]
        while let range = rest.range(of: needle) {
            found += 1
            rest = rest[range.upperBound...]
        }
        return found
    }

    @Test func theFeedStreamsThroughAndAClosedPlayerEndsUpstream() async throws {
        var configuration = DemoConfiguration()
        configuration.flavor = .frigate
        configuration.frigate.requiresAuth = false
        let server = try await DemoServer.start(configuration)
        let proxies = try await PlaybackProxyServer.start()
        defer { Task { await proxies.stop(); await server.stop() } }
        let feed = server.baseURL.appending(path: "api/front_door").appending(queryItems: [
            URLQueryItem(name: "fps", value: "5"), URLQueryItem(name: "height", value: "180"),
        ])
        var source = PlaybackSource(eventID: "live-front_door", videoURL: feed, bucket: "live", startTime: Date(), endTime: nil)
        source.credential = .none
        source.isFile = true
        source.isLiveFeed = true
        let proxy = try proxies.register(ProxyConfiguration(source: source, pipeline: NetworkPipeline(), tokens: FixedToken()))
        #expect(!proxy.url.absoluteString.contains("token"))
        // A player that really hangs up: a raw socket, a GET, some pictures, close(2). The blocking
        // reads run on a thread of their own: on the two-thread cooperative pool they starved the
        // in-process demo and proxy of the other suites running meanwhile (the stage hung).
        let port = UInt16(proxy.url.port!)
        let request = "GET \(proxy.url.path)\(proxy.url.query.map { "?\($0)" } ?? "") HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        let boundary = Data("--frame\r\n".utf8)
        let (fd, received) = await withCheckedContinuation { (done: CheckedContinuation<(Int32, Data), Never>) in
            Thread {
                let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
                var address = sockaddr_in()
                address.sin_family = sa_family_t(AF_INET)
                address.sin_addr.s_addr = inet_addr("127.0.0.1")
                address.sin_port = port.bigEndian
                let connected = withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
                }
                var received = Data()
                guard connected == 0 else { return done.resume(returning: (fd, received)) }
                _ = request.withCString { write(fd, $0, strlen($0)) }
                var buffer = [UInt8](repeating: 0, count: 65_536)
                let deadline = ContinuousClock.now + .seconds(10)
                // Three pictures arrive while the feed goes on (it never ends: a proxy that waited
                // for the whole body would send none).
                while ContinuousClock.now < deadline, Self.count(boundary, in: received) < 3 {
                    let count = read(fd, &buffer, buffer.count)
                    if count <= 0 { break }
                    received.append(contentsOf: buffer.prefix(count))
                }
                done.resume(returning: (fd, received))
            }.start()
        }
        let head = String(decoding: received.prefix(400), as: UTF8.self)
        #expect(head.hasPrefix("HTTP/1.1 200"), "\(head)")
        #expect(head.lowercased().contains("content-type: multipart/x-mixed-replace;boundary=frame"), "\(head)")
        #expect(Self.count(boundary, in: received) >= 3)
        #expect(proxy.liveUpstreamCount == 1)
        close(fd)
        #expect(await ProxyLoad.eventually { proxy.liveUpstreamCount == 0 })
        #expect(await ProxyLoad.eventually { !proxy.requestLog.snapshot().isEmpty })
        let record = try #require(proxy.requestLog.snapshot().last)
        #expect(record.error == "the player closed the connection", "\(record)")
    }
}
