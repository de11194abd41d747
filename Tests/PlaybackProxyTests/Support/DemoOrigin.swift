import DemoBackend
import Foundation
import Networking
import PlaybackProxy
import Playlist
import SystemSupport

/// The real demo backend in-process (port 0) as the proxy's origin: signed in, events listed,
/// media tokens fetched from `/v1/events/tokens` (again on `refresh: true`, as the App does);
/// with one proxy server for the test's playbacks, as a process has.
struct DemoOrigin: Sendable {
    let server: DemoServer
    let proxies: PlaybackProxyServer
    let accessToken: String
    let events: [String: PlaybackSource]

    static func start(_ configuration: DemoConfiguration = .init()) async throws -> DemoOrigin {
        var configuration = configuration
        configuration.generatedEventCount = 0
        if configuration.resourcesDirectory == nil {
            // <repo>/Tests/PlaybackProxyTests/Support/DemoOrigin.swift -> <repo>/Resources
            configuration.resourcesDirectory = URL(fileURLWithPath: #filePath)
                .deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent()
                .appending(path: "Resources")
        }
        let server = try await DemoServer.start(configuration)
        let pipeline = NetworkPipeline()
        let credentials = try JSONSerialization.data(withJSONObject: ["email": DemoAccount.email, "password": DemoAccount.password])
        let signIn = try await pipeline.send(HTTPRequest(
            kind: .apiAuth, method: "POST", url: server.baseURL.appending(path: "v1/auth/sign-in"),
            headers: [("Content-Type", "application/json")], body: credentials))
        let session = try JSONSerialization.jsonObject(with: signIn.body) as? [String: Any]
        let access = session?["accessToken"] as? String ?? ""
        let page = try await pipeline.send(HTTPRequest(
            kind: .apiEvents, url: server.baseURL.appending(path: "v1/events").appending(queryItems: [.init(name: "limit", value: "100")]),
            headers: [("Authorization", "Bearer \(access)")]))
        let body = try JSONSerialization.jsonObject(with: page.body) as? [String: Any]
        let formatter = ISO8601DateFormatter()
        var events: [String: PlaybackSource] = [:]
        for event in body?["events"] as? [[String: Any]] ?? [] {
            guard let id = event["id"] as? String, let video = (event["videoUrl"] as? String).flatMap(URL.init(string:)),
                  let bucket = event["bucket"] as? String,
                  let start = (event["startTime"] as? String).flatMap(formatter.date(from:)) else { continue }
            let end = (event["endTime"] as? String).flatMap(formatter.date(from:))
            events[id] = PlaybackSource(eventID: id, videoURL: video, bucket: bucket, startTime: start, endTime: end)
        }
        return DemoOrigin(server: server, proxies: try await PlaybackProxyServer.start(), accessToken: access, events: events)
    }

    func source(_ eventID: String) throws -> PlaybackSource {
        guard let source = events[eventID] else { throw HarnessError("no event \(eventID) in \(events.keys.sorted())") }
        return source
    }

    /// The bucket tokens, as the App's token provider gives them (kept until a refresh: the proxy
    /// asks for the current token for each request).
    var tokenProvider: DemoTokenProvider { DemoTokenProvider(baseURL: server.baseURL, accessToken: accessToken) }

    /// `eventID`'s playback registered on the proxy server, over `pipeline`.
    func proxy(_ eventID: String, pipeline: NetworkPipeline = NetworkPipeline(),
               configure: (inout ProxyConfiguration) -> Void = { _ in }) throws -> ProxiedPlayback {
        let source = try source(eventID)
        var configuration = ProxyConfiguration(source: source, pipeline: pipeline,
                                               tokens: BucketTokenSource(provider: tokenProvider, bucket: source.bucket))
        configure(&configuration)
        return try proxies.register(configuration)
    }

    /// Ends `proxy`'s playback: its prefix answers 404 and its event streams finish.
    func unregister(_ proxy: ProxiedPlayback) {
        proxies.unregister(proxy)
    }

    /// Stops the proxy server and the demo backend.
    func stop() async {
        await proxies.stop()
        await server.stop()
    }

    /// A source for `/bench/<bytes>` (no token needed).
    func benchSource(bytes: Int) -> PlaybackSource {
        PlaybackSource(eventID: "bench", videoURL: server.baseURL.appending(path: "bench/\(bytes)"), bucket: "7-days",
                       startTime: Date(timeIntervalSince1970: 0), endTime: Date(timeIntervalSince1970: 1))
    }
}

/// `/v1/events/tokens` with the demo session's access token.
final class DemoTokenProvider: PlaybackTokenProvider {
    let baseURL: URL
    let accessToken: String
    /// The tokens fetched last, as the App's cache keeps them until a refresh.
    private let kept = Locked<BucketTokens?>(nil)

    init(baseURL: URL, accessToken: String) {
        self.baseURL = baseURL
        self.accessToken = accessToken
    }

    func tokens(refresh: Bool) async throws -> BucketTokens {
        if !refresh, let kept = kept.value { return kept }
        let fresh = try await fetch()
        kept.value = fresh
        return fresh
    }

    private func fetch() async throws -> BucketTokens {
        let response = try await NetworkPipeline().send(HTTPRequest(
            kind: .apiTokens, url: baseURL.appending(path: "v1/events/tokens"), headers: [("Authorization", "Bearer \(accessToken)")]))
        let list = (try JSONSerialization.jsonObject(with: response.body) as? [String: Any])?["tokens"] as? [[String: Any]] ?? []
        var tokens: [String: String] = [:]
        for item in list {
            if let bucket = item["bucket"] as? String, let token = item["token"] as? String { tokens[bucket] = token }
        }
        return BucketTokens(tokens)
    }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
