import DemoBackend
import Foundation
import Networking
import PlaybackProxy
import Player
import Playlist
import SystemSupport
#if canImport(Glibc)
import Glibc
#endif

/// Time to first frame with real libmpv (vo=null, ao=null): the event's remote URL with the token
/// header (direct) against the playback's URL on the proxy server, its registration included.
enum FirstFrame {
    struct Tokens: MediaTokenSource {
        let token: String
        func token(refresh: Bool) async throws -> String { token }
    }

    /// The event's `videoUrl`, start and end, and its bucket's token, as the App gets them.
    static func event(_ id: String, server: DemoServer) async throws -> (PlaybackSource, String) {
        let pipeline = NetworkPipeline()
        let credentials = try JSONSerialization.data(withJSONObject: ["email": DemoAccount.email, "password": DemoAccount.password])
        let signIn = try await pipeline.send(HTTPRequest(kind: .apiAuth, method: "POST", url: server.baseURL.appending(path: "v1/auth/sign-in"),
                                                         headers: [("Content-Type", "application/json")], body: credentials))
        let access = (try JSONSerialization.jsonObject(with: signIn.body) as? [String: Any])?["accessToken"] as? String ?? ""
        let bearer: HTTPHeaderFields = [("Authorization", "Bearer \(access)")]
        let list = try await pipeline.send(HTTPRequest(kind: .apiEvents, url: server.baseURL.appending(path: "v1/events"), headers: bearer))
        let events = (try JSONSerialization.jsonObject(with: list.body) as? [String: Any])?["events"] as? [[String: Any]] ?? []
        guard let event = events.first(where: { $0["id"] as? String == id }),
              let url = (event["videoUrl"] as? String).flatMap(URL.init(string:)), let bucket = event["bucket"] as? String
        else { throw CocoaError(.fileNoSuchFile) }
        let tokens = try await pipeline.send(HTTPRequest(kind: .apiTokens, url: server.baseURL.appending(path: "v1/events/tokens"), headers: bearer))
        let items = (try JSONSerialization.jsonObject(with: tokens.body) as? [String: Any])?["tokens"] as? [[String: Any]] ?? []
        let token = items.first { $0["bucket"] as? String == bucket }?["token"] as? String ?? ""
        let source = PlaybackSource(eventID: id, videoURL: url, bucket: bucket, startTime: Date(timeIntervalSince1970: 0),
                                    endTime: Date(timeIntervalSince1970: 10))
        return (source, token)
    }

    /// Milliseconds from load (or registration on `proxy`) to the first frame; direct without a `proxy`.
    static func measure(_ source: PlaybackSource, token: String, proxy server: PlaybackProxyServer?) async throws -> Double {
        var configuration = PlayerConfiguration()
        configuration.video = .none
        configuration.extraOptions = [MPVOption(name: "ao", value: "null")]
        let player = try Player(configuration: configuration)
        let start = ContinuousClock.now
        var proxied: ProxiedPlayback?
        if let server {
            let playback = try server.register(ProxyConfiguration(source: source, pipeline: NetworkPipeline(), tokens: Tokens(token: token)))
            proxied = playback
            _ = try player.load(MediaSource(url: playback.url))
        } else {
            _ = try player.load(MediaSource(url: try PlaybackURL(videoURL: source.videoURL, token: token).url, authorizationToken: token))
        }
        let deadline = ContinuousClock.now + .seconds(20)
        while player.snapshot.timeline.firstFrame == nil, player.snapshot.end == nil, ContinuousClock.now < deadline {
            _ = try? Poller.wait(for: [.readable(player.wakeupDescriptor)], until: .now + .milliseconds(5))
            _ = player.drain()
            _ = player.tick()
        }
        let elapsed = (ContinuousClock.now - start).milliseconds
        let snapshot = player.snapshot
        player.stop()
        if let server, let proxied { server.unregister(proxied) }
        guard snapshot.timeline.firstFrame != nil else {
            throw BenchError("no first frame (\(server == nil ? "direct" : "proxy")): \(snapshot.end.map(String.init(describing:)) ?? "timed out")")
        }
        return elapsed
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
