import DemoBackend
import Foundation
import TestSupport
import Testing

/// Redirects and other hosts, end to end: the real binary plays (real libmpv) and exports the demo
/// events whose playlist URL redirects to a presigned path on the same host (`evt-redirect-same`)
/// or on a storage host (`evt-redirect-storage`, 127.0.0.2), and whose segments are on a CDN
/// host named by the playlist (`evt-cdn-segments`), in both network modes. The demo backend's
/// request log shows where the media token went.
@Suite("redirects, presigned paths and CDN hosts, end to end", .serialized, .machineShare)
struct RedirectHostsTests {
    static let cases: [(String, String)] = [
        ("evt-redirect-same", "direct"), ("evt-redirect-same", "proxy"),
        ("evt-redirect-storage", "direct"), ("evt-redirect-storage", "proxy"),
        ("evt-cdn-segments", "direct"), ("evt-cdn-segments", "proxy"),
    ]

    func signedIn(_ server: DemoServer) async throws -> Binary {
        let binary = try Binary()
        let login = try await binary.login(server.baseURL)
        try #require(login.status == 0, "\(login.stderr)")
        return binary
    }

    /// True when the record carries a media token in its query or header.
    static func carriesToken(_ record: DemoRequestRecord) -> Bool {
        let query = (record.query ?? "").lowercased()
        return query.contains("authorization=") || record.headers["authorization"] != nil
    }

    static func isSecondHost(_ record: DemoRequestRecord) -> Bool {
        (record.headers[":authority"] ?? "").hasPrefix("127.0.0.2")
    }

    /// Where the token may go, from the demo backend's log: never to a presigned path or to the
    /// storage host (reached only by a redirect); always to the CDN host the playlist names.
    static func checkTokenPlacement(_ id: String, _ log: [DemoRequestRecord]) {
        let presigned = log.filter { $0.path.hasPrefix("/presigned/") }
        let secondHost = log.filter(isSecondHost)
        switch id {
        case "evt-redirect-same":
            #expect(presigned.count >= 6, "the playlist and five segments from the presigned path: \(log)")
            #expect(secondHost.isEmpty)
        case "evt-redirect-storage":
            #expect(!secondHost.isEmpty && secondHost.allSatisfy { $0.path.hasPrefix("/presigned/") }, "\(log)")
            #expect(!secondHost.contains(where: carriesToken), "no media token on the storage host: \(secondHost)")
        default:
            let cdn = secondHost.filter { $0.path.contains("/segment") }
            #expect(cdn.count >= 5, "the segments come from the CDN host: \(log)")
            #expect(cdn.allSatisfy { $0.status == 200 && $0.mediaToken != nil }, "the CDN named by the playlist gets the token")
        }
        #expect(!presigned.contains(where: carriesToken), "no media token on a presigned path: \(presigned)")
        #expect(presigned.allSatisfy { $0.status == 200 }, "\(presigned)")
    }

    @Test("each event plays to the end in both network modes, the token only where the playlists name", arguments: cases)
    func playsToTheEnd(id: String, network: String) async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let binary = try await signedIn(server)
        await server.clearRequestLog()
        let run = try await binary.run(["play", id, "--server", server.baseURL.absoluteString,
                                        "--video", "none", "--no-audio", "--json", "--network", network])
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(lines.last?["finish"] as? String == "ended", "\(run.stdout)")
        #expect((lines.compactMap { $0["position"] as? Double }.max() ?? 0) >= 9)
        Self.checkTokenPlacement(id, await server.requestLog())
    }

    @Test("each event exports whole", arguments: ["evt-redirect-same", "evt-redirect-storage", "evt-cdn-segments"])
    func exportsWhole(id: String) async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let binary = try await signedIn(server)
        let directory = binary.home.appending(path: "exports")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        await server.clearRequestLog()
        let run = try await binary.run(["export", id, "-o", directory.path + "/", "--server", server.baseURL.absoluteString])
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: directory.path).first)
        let probe = try await FFprobe.probe(directory.appending(path: name))
        #expect(abs(probe.duration - 10) <= 2, "duration \(probe.duration) within one segment of 10 s")
        #expect(probe.streamTypes == ["audio", "video"])
        Self.checkTokenPlacement(id, await server.requestLog())
    }
}
