import DemoBackend
import Foundation
import Glibc
import TestSupport
import Testing

/// `play` of the demo's review item in progress (front_door, started 40 s before the server):
/// nginx-vod's clip of it ends at the time it was asked for, so at that clip's end the playback
/// asks Frigate for the item again (`GET /api/review/<id>`) and plays the new, longer clip from
/// where the first one ended.
extension FrigateCommandTests {
    /// One JSON status line of `play --json`.
    struct Status {
        var position: Double
        var duration: Double?
        var playback: String
    }

    /// In both modes the new clip starts at the old end's segment (no skipped video): a private
    /// playlist in direct mode, the proxy's cached playlist trimmed by the player through the proxy
    /// (a start that ffmpeg performed itself in fMP4 HLS jumped to the end of the clip).
    @Test(arguments: ["direct", "proxy"])
    func anItemInProgressPlaysOnPastItsFirstClip(network: String) async throws {
        let server = try await Self.frigate()
        defer { Task { await server.stop() } }
        let (binary, login) = try await signedIn(server)
        try #require(login.status == 0, "\(login.stderr)")
        let url = server.baseURL.absoluteString
        let listed = try json(try await binary.run(["events", "--server", url, "--limit", "5", "--json"]).stdout)
        let item = try #require(listed.first { $0["endTime"] == nil || $0["endTime"] is NSNull }, "the item in progress")
        let id = try #require(item["id"] as? String)
        await server.clearRequestLog()

        let (process, stdout) = try binary.start(["play", id, "--server", url, "--network", network, "--video", "none", "--no-audio",
                                                  "--speed", "4", "--json"])
        // Reads status lines (off the cooperative pool) until playback is 6 s past the first
        // clip's end, or 60 s passed; then stops the player.
        let statuses = try await Tmux.offPool { () -> [Status] in
            var statuses: [Status] = []
            var pending = ""
            let deadline = Date().addingTimeInterval(60)
            var first: Double?
            while Date() < deadline {
                let chunk = stdout.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                pending += String(decoding: chunk, as: UTF8.self)
                while let newline = pending.firstIndex(of: "\n") {
                    let line = String(pending[..<newline])
                    pending = String(pending[pending.index(after: newline)...])
                    guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                          let position = object["position"] as? Double, let playback = object["playback"] as? String else { continue }
                    let status = Status(position: position, duration: object["duration"] as? Double, playback: playback)
                    statuses.append(status)
                    if first == nil, let duration = status.duration { first = duration }
                }
                if let first, let last = statuses.last, last.playback == "playing", last.position > first + 6 { break }
            }
            return statuses
        }
        kill(process.processIdentifier, SIGINT)
        _ = await binary.finish(process, stdout)

        let firstClip = try #require(statuses.first { $0.duration != nil }?.duration, "a duration was reported")
        let playing = statuses.filter { $0.playback == "playing" }.map(\.position)
        let furthest = playing.max() ?? 0
        #expect(furthest > firstClip + 6, "played on past the first clip's end (\(firstClip) s): reached \(furthest) s")

        let vod = await server.requestLog().filter { $0.path.hasPrefix("/vod/") && $0.path.hasSuffix("/index.m3u8") }
        let ends = vod.compactMap { request -> Int? in
            let parts = request.path.split(separator: "/")
            return parts.firstIndex(of: "end").flatMap { parts.count > $0 + 1 ? Int(parts[$0 + 1]) : nil }
        }
        #expect(Set(ends).count >= 2 && ends.last! > ends.first!, "a second clip with a later end was asked for: \(ends)")
        let asked = await server.requestLog().filter { $0.path == "/api/review/\(id)" }
        #expect(!asked.isEmpty && asked.allSatisfy { $0.status == 200 }, "the item was asked for again")

        // Seamless: while playing, the position never leaps (4x, a line every 250 ms or so).
        let leaps = zip(playing, playing.dropFirst()).filter { $1 - $0 > 4 }.map { "\($0) -> \($1)" }
        #expect(leaps.isEmpty, "leaps: \(leaps)")
    }
}
