import DemoBackend
import Foundation
import Networking
import PlaybackProxy
import Playlist
import Testing

/// A montage tile's playback: the proxy serves a master playlist with only its smallest variant
/// that covers the tile's pixels (evt-master has 320x180 and 160x90).
@Suite struct ProxyVariantTests {
    let client = NetworkPipeline(configuration: NetworkConfiguration(retry: RetryPolicy(maxRetries: 0)))

    func master(covering size: M3U8Inventory.Resolution?, origin: DemoOrigin) async throws -> String {
        let proxy = try origin.proxy("evt-master") { $0.variantCovering = size }
        defer { origin.unregister(proxy) }
        let answer = try await client.send(HTTPRequest(kind: .manifestHlsMaster, url: proxy.url))
        return String(decoding: answer.body, as: UTF8.self)
    }

    @Test(.timeLimit(.minutes(1)))
    func aTileGetsTheSmallestVariantThatCoversIt() async throws {
        let origin = try await DemoOrigin.start()
        defer { Task { await origin.stop() } }
        let all = try await master(covering: nil, origin: origin)
        #expect(all.contains("RESOLUTION=320x180") && all.contains("RESOLUTION=160x90"), "\(all)")
        let small = try await master(covering: .init(width: 150, height: 80), origin: origin)
        #expect(small.contains("RESOLUTION=160x90") && !small.contains("RESOLUTION=320x180"), "\(small)")
        #expect(small.components(separatedBy: "#EXT-X-STREAM-INF").count == 2, "one variant: \(small)")
        let larger = try await master(covering: .init(width: 200, height: 100), origin: origin)
        #expect(larger.contains("RESOLUTION=320x180") && !larger.contains("RESOLUTION=160x90"), "\(larger)")
        let huge = try await master(covering: .init(width: 1920, height: 1080), origin: origin)
        #expect(huge.contains("RESOLUTION=320x180") && !huge.contains("RESOLUTION=160x90"), "none covers it: the largest, \(huge)")
    }
}
