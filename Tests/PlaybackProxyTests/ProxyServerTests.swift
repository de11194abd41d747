import DemoBackend
import Foundation
import Networking
import Testing
@testable import PlaybackProxy
import Playlist

/// The proxy over HTTP, with the real demo backend as origin; a plain client as the player.
@Suite struct ProxyServer {
    let client = NetworkPipeline(configuration: NetworkConfiguration(retry: RetryPolicy(maxRetries: 0)))

    func get(_ url: URL, method: String = "GET", headers: HTTPHeaderFields = []) async throws -> HTTPResponse {
        do {
            return try await client.send(HTTPRequest(kind: .thumbnail, method: method, url: url, headers: headers))
        } catch let error as NetworkError where error.response != nil {
            return error.response!
        }
    }

    @Test func servesTheRewrittenPlaylistWithTheHLSContentType() async throws {
        let origin = try await DemoOrigin.start()
        defer { Task { await origin.stop() } }
        let proxy = try origin.proxy("evt-no-endlist")
        #expect(proxy.url.host == "127.0.0.1")
        #expect(proxy.baseURL.path.count > 30)
        let response = try await get(proxy.url)
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "application/vnd.apple.mpegurl")
        let text = String(decoding: response.body, as: UTF8.self)
        let uris = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(uris.count == 5)
        #expect(uris.allSatisfy { $0.hasPrefix(proxy.baseURL.absoluteString + "mediaSegment/http/") }, "\(text)")
        #expect(text.hasSuffix("#EXT-X-ENDLIST\n"))   // complete event: end-list policy applied
        #expect(!text.contains("Authorization"))
        // Complete: the second fetch comes from the proxy's cache.
        #expect(try await get(proxy.url).body == response.body)
        let fetched = await origin.server.requestLog().filter { $0.path.hasSuffix("/evt-no-endlist/index.m3u8") }
        #expect(fetched.count == 1)
        #expect(proxy.requestLog.snapshot().map(\.attempt) == [1, 0])
    }

    @Test func refusesPathsOutsideThePrefixAndOtherOrigins() async throws {
        let origin = try await DemoOrigin.start()
        defer { Task { await origin.stop() } }
        let proxy = try origin.proxy("evt-endlist")
        let root = URL(string: "http://127.0.0.1:\(proxy.baseURL.port!)/")!
        #expect(try await get(root).status == 404)
        #expect(try await get(root.appending(path: "media/30-days/evt-endlist/index.m3u8")).status == 404)
        let guessed = URL(string: "http://127.0.0.1:\(proxy.baseURL.port!)/0123456789abcdef0123456789abcdef/" +
                          ProxiedURI(kind: .mediaSegment, upstream: origin.server.baseURL.appending(path: "bench/10")).path)!
        #expect(try await get(guessed).status == 404)
        let otherPort = ProxiedURI(kind: .mediaSegment, upstream: URL(string: "http://127.0.0.1:1/secret")!)
        #expect(try await get(URL(string: proxy.baseURL.absoluteString + otherPort.path)!).status == 421)
        let otherHost = ProxiedURI(kind: .manifestHlsVariant, upstream: URL(string: "http://169.254.169.254/latest")!)
        #expect(try await get(URL(string: proxy.baseURL.absoluteString + otherHost.path)!).status == 421)
        let log = await origin.server.requestLog()
        #expect(!log.contains { $0.path.contains("secret") })
    }

    /// Two playbacks on the one server: a request refused (421) for one reaches neither the
    /// other's events nor its origin policy; an origin one playback's playlist admitted (a CDN) is
    /// still refused to the other.
    @Test func aRefusalOfOnePlaybackStaysInItsOwnEventsAndPolicy() async throws {
        let origin = try await DemoOrigin.start()
        defer { Task { await origin.stop() } }
        let plain = try origin.proxy("evt-endlist")
        let cdn = try origin.proxy("evt-cdn-segments")
        #expect(plain.url.port == cdn.url.port, "one server: \(plain.url) \(cdn.url)")
        let plainEvents = plain.events()
        let cdnEvents = cdn.events()
        let playlist = String(decoding: try await get(cdn.url).body, as: UTF8.self)
        let segment = try #require(playlist.split(separator: "\n").first { !$0.hasPrefix("#") }.map(String.init))
        #expect(segment.hasPrefix(cdn.baseURL.absoluteString + "mediaSegment/http/127.0.0.2:"), "\(playlist)")
        #expect(try await get(try #require(URL(string: segment))).status == 200)
        // The same CDN segment under the other playback's prefix: that playback's playlists never named the host.
        let elsewhere = try #require(URL(string: plain.baseURL.absoluteString + segment.dropFirst(cdn.baseURL.absoluteString.count)))
        #expect(try await get(elsewhere).status == 421)
        origin.unregister(plain)
        origin.unregister(cdn)
        var plainFailures: [ProxyFailure] = []
        for await event in plainEvents { if case .failed(let failure) = event { plainFailures.append(failure) } }
        var cdnSeen: [ProxyEvent] = []
        for await event in cdnEvents { cdnSeen.append(event) }
        #expect(plainFailures.count == 1 && plainFailures.first?.refusal != nil, "\(plainFailures)")
        #expect(!cdnSeen.contains { if case .failed = $0 { true } else { false } }, "\(cdnSeen)")
        #expect(cdnSeen.count == 2, "the playlist and the segment: \(cdnSeen)")
    }

    /// Stopping the server (a process done with playbacks) finishes every playback's events and
    /// takes no more playbacks, with an error that says so.
    @Test func stoppingTheServerFinishesEveryPlaybacksEventsAndTakesNoMore() async throws {
        let origin = try await DemoOrigin.start()
        defer { Task { await origin.stop() } }
        let first = try origin.proxy("evt-endlist")
        let second = try origin.proxy("evt-fmp4")
        #expect(origin.proxies.playbackCount == 2)
        let streams = [first.events(), second.events()]
        await origin.proxies.stop()
        for stream in streams { for await _ in stream {} }   // each finishes (else the test hangs)
        #expect(origin.proxies.playbackCount == 0)
        do {
            _ = try origin.proxy("evt-master")
            Issue.record("a stopped server took a playback")
        } catch {
            #expect("\(error)" == "the playback proxy has stopped; start the playback again")
        }
    }

    @Test func refusesANonLoopbackAddress() async throws {
        for host in ["0.0.0.0", "192.168.1.10", "::"] {
            await #expect(throws: ProxyError.self) {
                _ = try await PlaybackProxyServer.start(host: host)
            }
        }
    }

    @Test func rangeAndHeadPassThrough() async throws {
        let origin = try await DemoOrigin.start()
        defer { Task { await origin.stop() } }
        let proxy = try origin.proxy("evt-endlist")
        let playlist = String(decoding: try await get(proxy.url).body, as: UTF8.self)
        let segment = try #require(playlist.split(separator: "\n").first { !$0.hasPrefix("#") }.flatMap { URL(string: String($0)) })
        let whole = try await get(segment)
        #expect(whole.status == 200)
        let head = try await get(segment, method: "HEAD")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.headers["Content-Length"] == String(whole.body.count))
        let log = await origin.server.requestLog()
        #expect(log.contains { $0.method == "HEAD" && $0.path.hasSuffix("segment0.ts") })
        let range = try await get(segment, headers: [("Range", "bytes=0-99")])
        let ranged = await origin.server.requestLog().last
        #expect(ranged?.headers["range"] == "bytes=0-99")
        #expect(range.body == whole.body.prefix(range.body.count))
    }
}
