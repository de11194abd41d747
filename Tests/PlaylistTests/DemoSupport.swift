import DemoBackend
import Foundation
import Networking
@testable import Playlist

/// Signs in to the demo backend over HTTP (no EventsAPI here: Playlist depends on Networking only)
/// and serves as the loader's token provider, counting lookups and refreshes.
actor DemoTokens: PlaybackTokenProvider {
    let base: URL
    let pipeline: NetworkPipeline
    var accessToken = ""
    var cached: BucketTokens?
    var calls: [Bool] = []          // the `refresh` argument of every call
    var override: BucketTokens?     // answer this instead (bogus tokens)

    init(base: URL, pipeline: NetworkPipeline) {
        self.base = base
        self.pipeline = pipeline
    }

    func signIn() async throws {
        let body = try JSONSerialization.data(withJSONObject: ["email": DemoAccount.email, "password": DemoAccount.password])
        let response = try await pipeline.send(HTTPRequest(
            kind: .apiAuth, method: "POST", url: base.appendingPathComponent("v1/auth/sign-in"),
            headers: [("Content-Type", "application/json")], body: body))
        let json = try JSONSerialization.jsonObject(with: response.body) as! [String: Any]
        accessToken = json["accessToken"] as! String
    }

    func setOverride(_ tokens: BucketTokens?) { override = tokens }

    func tokens(refresh: Bool) async throws -> BucketTokens {
        calls.append(refresh)
        if let override { return override }
        if let cached, !refresh { return cached }
        let response = try await pipeline.send(HTTPRequest(
            kind: .apiTokens, url: base.appendingPathComponent("v1/events/tokens"),
            headers: [("Authorization", "Bearer \(accessToken)")]))
        let json = try JSONSerialization.jsonObject(with: response.body) as! [String: Any]
        var byBucket: [String: String] = [:]
        for item in json["tokens"] as! [[String: Any]] {
            byBucket[item["bucket"] as! String] = item["token"] as? String
        }
        cached = BucketTokens(byBucket)
        return cached!
    }

    /// The fixed demo events as playback sources, by id.
    func sources() async throws -> [String: PlaybackSource] {
        var result: [String: PlaybackSource] = [:]
        var cursor: String?
        repeat {
            var components = URLComponents(url: base.appendingPathComponent("v1/events"), resolvingAgainstBaseURL: false)!
            components.queryItems = [URLQueryItem(name: "limit", value: "100")] + (cursor.map { [URLQueryItem(name: "cursor", value: $0)] } ?? [])
            let response = try await pipeline.send(HTTPRequest(
                kind: .apiEvents, url: components.url!, headers: [("Authorization", "Bearer \(accessToken)")]))
            let json = try JSONSerialization.jsonObject(with: response.body) as! [String: Any]
            for event in json["events"] as! [[String: Any]] where (event["id"] as! String).hasPrefix("evt-") {
                result[event["id"] as! String] = PlaybackSource(
                    eventID: event["id"] as! String, videoURL: URL(string: event["videoUrl"] as! String)!,
                    bucket: event["bucket"] as! String, startTime: Self.date(event["startTime"] as! String)!,
                    endTime: (event["endTime"] as? String).flatMap(Self.date))
            }
            cursor = json["nextCursor"] as? String
        } while cursor != nil && result.count < 9
        return result
    }

    static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}

/// The repository (from this file's path: Tests/PlaylistTests/DemoSupport.swift).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A demo server, a signed-in token provider, a store in its own directory and a loader.
struct DemoFixture {
    let server: DemoServer
    let tokens: DemoTokens
    let store: PlaylistStore
    let loader: PlaylistLoader
    let sources: [String: PlaybackSource]
    let parent: URL

    static func start() async throws -> DemoFixture {
        var configuration = DemoConfiguration()
        configuration.resourcesDirectory = repositoryRoot.appendingPathComponent("Resources", isDirectory: true)
        let server = try await DemoServer.start(configuration)
        let pipeline = NetworkPipeline()
        let tokens = DemoTokens(base: server.baseURL, pipeline: pipeline)
        try await tokens.signIn()
        let parent = try temporaryDirectory("loader")
        let store = try PlaylistStore(parent: parent)
        let sources = try await tokens.sources()
        await server.clearRequestLog()
        return DemoFixture(server: server, tokens: tokens, store: store,
                           loader: PlaylistLoader(pipeline: pipeline, store: store), sources: sources, parent: parent)
    }

    func stop() async {
        store.removeAll()
        try? FileManager.default.removeItem(at: parent)
        await server.stop()
    }

    func mediaLog() async -> [DemoRequestRecord] {
        await server.requestLog().filter { $0.path.hasPrefix("/media/") }
    }
}

/// Runs mpv on `url` with the token as header, without blocking a concurrency thread;
/// returns its exit status and output.
func playWithMPV(_ url: URL, token: String, timeout: Int = 60) async throws -> (status: Int32, output: String) {
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("mpv-\(UUID().uuidString).log")
    defer { try? FileManager.default.removeItem(at: log) }
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let handle = try FileHandle(forWritingTo: log)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "timeout", String(timeout), "mpv", "--no-config", "--vo=null", "--ao=null", "--untimed", "--ytdl=no",
        "--demuxer=lavf", "--msg-level=all=v",
        "--demuxer-lavf-o=protocol_whitelist=[file,http,https,tcp,tls,crypto,data],extension_picky=0",
        "--http-header-fields=Authorization: \(token.replacingOccurrences(of: ",", with: "\\,"))",
        url.isFileURL ? url.path : url.absoluteString,
    ]
    process.standardOutput = handle
    process.standardError = handle
    let status: Int32 = try await withCheckedThrowingContinuation { continuation in
        process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
        do { try process.run() } catch { continuation.resume(throwing: error) }
    }
    try? handle.close()
    return (status, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
}
