import DemoBackend
import Foundation
import Networking
import Testing
@testable import PlaybackProxy
import Playlist

/// Which origins the proxy serves, and with or without the media token: the ones the service's
/// playlists name (a CDN) with it, the target of a redirect without it, anything else refused
/// with its own named error (421), never read as the server refusing the token.
@Suite struct ProxyOrigins {
    let client = NetworkPipeline(configuration: NetworkConfiguration(retry: RetryPolicy(maxRetries: 0)))

    func get(_ url: URL) async throws -> HTTPResponse {
        do {
            return try await client.send(HTTPRequest(kind: .thumbnail, url: url))
        } catch let error as NetworkError where error.response != nil {
            return error.response!
        }
    }

    func uris(_ body: Data) -> [String] {
        String(decoding: body, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
    }

    static func onSecondHost(_ record: DemoRequestRecord) -> Bool {
        (record.headers[":authority"] ?? "").hasPrefix("127.0.0.2")
    }

    @Test func servesTheCDNHostThePlaylistNamesWithTheToken() async throws {
        let origin = try await DemoOrigin.start()
        defer { Task { await origin.stop() } }
        let proxy = try origin.proxy("evt-cdn-segments")
        let playlist = try await get(proxy.url)
        #expect(playlist.status == 200)
        let segments = uris(playlist.body)
        #expect(segments.count == 5)
        #expect(segments.allSatisfy { $0.hasPrefix(proxy.baseURL.absoluteString + "mediaSegment/http/127.0.0.2:") }, "\(segments)")
        let segment = try await get(try #require(URL(string: segments[0])))
        #expect(segment.status == 200, "\(String(decoding: segment.body, as: UTF8.self))")
        let cdn = await origin.server.requestLog().filter(Self.onSecondHost)
        #expect(cdn.count == 1 && cdn[0].status == 200 && cdn[0].mediaToken != nil, "\(cdn)")
    }

    @Test func followsARedirectToStorageAndSendsItNoToken() async throws {
        let origin = try await DemoOrigin.start()
        defer { Task { await origin.stop() } }
        let proxy = try origin.proxy("evt-redirect-storage")
        let playlist = try await get(proxy.url)
        #expect(playlist.status == 200, "\(String(decoding: playlist.body, as: UTF8.self))")
        let segments = uris(playlist.body)
        // Resolved against the redirect's target, marked to go upstream without the token.
        #expect(segments.count == 5)
        #expect(segments.allSatisfy {
            $0.hasPrefix(proxy.baseURL.absoluteString + "plain/mediaSegment/http/127.0.0.2:") && $0.contains("/presigned/")
        }, "\(segments)")
        #expect(try await get(try #require(URL(string: segments[0]))).status == 200)
        // The same target asked for with the token is refused: the token never goes there.
        let forged = try #require(URL(string: segments[0].replacingOccurrences(of: "/plain/", with: "/")))
        let refused = try await get(forged)
        #expect(refused.status == 421)
        #expect(String(decoding: refused.body, as: UTF8.self).contains("reached only through a redirect"))
        let storage = await origin.server.requestLog().filter(Self.onSecondHost)
        #expect(storage.count == 2 && storage.allSatisfy { $0.status == 200 }, "\(storage)")
        #expect(!storage.contains { ($0.query ?? "").contains("Authorization") || $0.headers["authorization"] != nil })
    }

    @Test func aHostNoPlaylistNamesIsRefusedWithItsOwnErrorAndNoTokenRefresh() async throws {
        let origin = try await DemoOrigin.start()
        defer { Task { await origin.stop() } }
        let proxy = try origin.proxy("evt-endlist")
        let events = proxy.events()
        _ = try await get(proxy.url)
        let other = ProxiedURI(kind: .mediaSegment, upstream: URL(string: "http://127.0.0.2:1/segment0.ts")!)
        let refused = try await get(URL(string: proxy.baseURL.absoluteString + other.path)!)
        #expect(refused.status == 421, "not 401/403: the player's log must not read as a refused token")
        origin.unregister(proxy)
        var seen: [ProxyEvent] = []
        for await event in events { seen.append(event) }
        let failures = seen.compactMap { if case .failed(let failure) = $0 { failure } else { nil } }
        let refusal = try #require(failures.first?.refusal)
        #expect(refusal.description == "the playback proxy refused a request to 127.0.0.2:1/segment0.ts: the event's playlists do not name that host")
        #expect(failures.first?.description == refusal.description)
        #expect(!seen.contains(.tokenRefreshed))
    }

    @Test func theOriginPolicyAdmitsTheOriginsAPlaylistNames() {
        var policy = OriginPolicy(allowed: [URL(string: "http://127.0.0.1:8080/media/a.m3u8")!])
        let cdn = URL(string: "http://CDN.example/v/seg0.ts")!
        let storage = URL(string: "https://storage.example/x/seg0.ts?X-Signature=1")!
        #expect(!policy.allows(cdn))
        policy.admit(token: ["http://cdn.example:80"], plain: ["https://storage.example"])
        #expect(policy.allows(cdn))
        #expect(policy.allows(storage, carriesToken: false))
        #expect(!policy.allows(storage), "a redirect target never gets the token")
        #expect(!policy.allows(URL(string: "http://169.254.169.254/latest")!, carriesToken: false))
    }
}
