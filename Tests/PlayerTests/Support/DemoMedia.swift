import DemoBackend
import Foundation
import Networking
import Playlist
@testable import Player

/// Media URLs and tokens of the real demo backend, fetched the way the app does (sign in, list
/// events, GET /v1/events/tokens), with the URL authorised by hand (docs/playback.md) since
/// the Playlist module is built elsewhere.
struct DemoMedia: Sendable {
    let server: DemoServer
    let tokens: [String: String]
    let videoURLs: [String: URL]

    static func start(_ configuration: DemoConfiguration = .init()) async throws -> DemoMedia {
        var configuration = configuration
        if configuration.resourcesDirectory == nil {
            // <repo>/Tests/PlayerTests/Support/DemoMedia.swift -> <repo>/Resources
            configuration.resourcesDirectory = URL(fileURLWithPath: #filePath)
                .deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent()
                .appending(path: "Resources")
        }
        let server = try await DemoServer.start(configuration)
        let (tokens, urls) = try await fetch(server)
        return DemoMedia(server: server, tokens: tokens, videoURLs: urls)
    }

    /// Fresh tokens, as the app refetches them after a 401/403 on media.
    func refreshed() async throws -> DemoMedia {
        let (tokens, urls) = try await Self.fetch(server)
        return DemoMedia(server: server, tokens: tokens, videoURLs: urls)
    }

    private static func fetch(_ server: DemoServer) async throws -> ([String: String], [String: URL]) {
        let pipeline = NetworkPipeline()
        let base = server.baseURL
        let credentials = try JSONSerialization.data(withJSONObject: ["email": DemoAccount.email, "password": DemoAccount.password])
        let signIn = try await pipeline.send(HTTPRequest(
            kind: .apiAuth, method: "POST", url: base.appending(path: "v1/auth/sign-in"),
            headers: [("Content-Type", "application/json")], body: credentials))
        let session = try JSONSerialization.jsonObject(with: signIn.body) as? [String: Any]
        let bearer = [("Authorization", "Bearer \(session?["accessToken"] as? String ?? "")")]
        let tokenResponse = try await pipeline.send(HTTPRequest(kind: .apiTokens, url: base.appending(path: "v1/events/tokens"), headers: HTTPHeaderFields(bearer)))
        let tokenList = (try JSONSerialization.jsonObject(with: tokenResponse.body) as? [String: Any])?["tokens"] as? [[String: Any]] ?? []
        var tokens: [String: String] = [:]
        for item in tokenList {
            if let bucket = item["bucket"] as? String, let token = item["token"] as? String { tokens[bucket] = token }
        }
        // The fixed events are among the newest; page until all are seen.
        var urls: [String: URL] = [:]
        var cursor: String?
        for _ in 0..<20 {
            var components = URLComponents(url: base.appending(path: "v1/events"), resolvingAgainstBaseURL: false)!
            components.queryItems = [URLQueryItem(name: "limit", value: "100")] + (cursor.map { [URLQueryItem(name: "cursor", value: $0)] } ?? [])
            let page = try await pipeline.send(HTTPRequest(kind: .apiEvents, url: components.url!, headers: HTTPHeaderFields(bearer)))
            let body = try JSONSerialization.jsonObject(with: page.body) as? [String: Any]
            for event in body?["events"] as? [[String: Any]] ?? [] {
                if let id = event["id"] as? String, let video = event["videoUrl"] as? String, let url = URL(string: video) { urls[id] = url }
            }
            cursor = body?["nextCursor"] as? String
            if cursor == nil || server.fixedEventIDs.allSatisfy({ urls[$0] != nil }) { break }
        }
        return (tokens, urls)
    }

    /// The event's media playlist as the app plays a complete event: fetched with the token,
    /// rewritten (absolute URIs carrying the token, `#EXT-X-ENDLIST`) into a 0600 file.
    func privatePlaylist(_ eventID: String) async throws -> (url: URL, token: String) {
        let (url, token) = try source(eventID)
        let response = try await NetworkPipeline().send(HTTPRequest(kind: .manifestHlsVariant, url: url, headers: [("Authorization", token)]))
        let (output, _) = try M3U8Rewriter(playlistURL: url, token: token, appendsEndList: true).rewrite(response.body)
        let directory = FileManager.default.temporaryDirectory.appending(path: "player-private-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let file = directory.appending(path: "\(eventID).m3u8")
        try output.write(to: file)
        return (file, token)
    }

    /// What the app's direct mode gives the player for a complete event: the private playlist
    /// and, for a discontinuous one, each part's private playlist (as `PlaylistLoader` writes them).
    func privateSource(_ eventID: String) async throws -> MediaSource {
        let (file, token) = try await privatePlaylist(eventID)
        var source = MediaSource(url: file, authorizationToken: token)
        if let cut = PlaylistParts(try Data(contentsOf: file)) {
            for (index, part) in cut.parts.enumerated() {
                let url = file.deletingLastPathComponent().appending(path: "part\(index).m3u8")
                try Data(part.text.utf8).write(to: url)
                source.parts.append(MediaSource.Part(start: part.start, url: url))
            }
        }
        return source
    }

    /// The event's bucket, from its media URL `<base>/media/<bucket>/<id>/<file>`.
    func bucket(of eventID: String) throws -> String {
        let url = try videoURL(eventID)
        let parts = url.pathComponents
        guard let media = parts.firstIndex(of: "media"), media + 1 < parts.count else { throw DemoMediaError("no bucket in \(url)") }
        return parts[media + 1]
    }

    func videoURL(_ eventID: String) throws -> URL {
        guard let url = videoURLs[eventID] else { throw DemoMediaError("event \(eventID) not in the first page: \(videoURLs.keys.sorted())") }
        return url
    }

    /// The event's URL without any Authorization query (other items kept), and its bucket token.
    func source(_ eventID: String, tokenInQuery: Bool = false, isLive: Bool = false) throws -> (url: URL, token: String) {
        let bucket = try bucket(of: eventID)
        guard let token = tokens[bucket] else { throw DemoMediaError("no token for bucket \(bucket)") }
        var components = URLComponents(url: try videoURL(eventID), resolvingAgainstBaseURL: false)!
        var items = (components.queryItems ?? []).filter { $0.name != "Authorization" }
        if tokenInQuery { items.append(URLQueryItem(name: "Authorization", value: token)) }
        components.queryItems = items.isEmpty ? nil : items
        return (components.url!, token)
    }
}

struct DemoMediaError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
