@testable import DemoBackend
import Foundation
import TestSupport
import Testing

@Suite("Media: bucket tokens, content types, layouts")
struct MediaTests {
    @Test func tokensCoverTheThreeBucketsAndStayUntilTheyExpire() async throws {
        try await DemoHarness.with { demo in
            let access = try await demo.accessToken()
            let answer = try await demo.get("/v1/events/tokens", bearer: access)
            let tokens = try #require(answer.json["tokens"] as? [[String: Any]])
            #expect(Set(tokens.compactMap { $0["bucket"] as? String }) == ["7-days", "30-days", "180-days"])
            for token in tokens {
                let expires = try #require(token["expiresAt"] as? String)
                #expect(try Date(expires, strategy: .iso8601) > Date())
            }
            #expect(try await demo.mediaTokens(access) == demo.mediaTokens(access))
        }
    }

    @Test func mediaOpensWithTheBucketTokenInQueryOrHeader() async throws {
        try await DemoHarness.with { demo in
            let access = try await demo.accessToken()
            let tokens = try await demo.mediaTokens(access)
            let token = try #require(tokens["30-days"])
            let playlist = "/media/30-days/evt-endlist/index.m3u8"
            let byQuery = try await demo.get(playlist + "?Authorization=\(token)")
            #expect(byQuery.status == 200)
            #expect(byQuery.contentType == "application/vnd.apple.mpegurl")
            #expect(byQuery.text.contains("#EXT-X-ENDLIST"))
            let byHeader = try await demo.get(playlist, headers: [("Authorization", token)])
            #expect(byHeader.status == 200)
            #expect(byHeader.body == byQuery.body)
            let segment = try await demo.get("/media/30-days/evt-endlist/segment0.ts", headers: [("Authorization", token)])
            #expect(segment.status == 200)
            #expect(segment.contentType == "video/mp2t")
            #expect(segment.body.first == 0x47)
            let log = await demo.server.requestLog().filter { $0.path.hasPrefix("/media/") }
            #expect(log.map(\.tokenSource) == [.query, .header, .header])
            #expect(log.allSatisfy { $0.mediaToken == token })
        }
    }

    @Test func mediaWithoutOrWithAWrongTokenIsRefused() async throws {
        try await DemoHarness.with { demo in
            let access = try await demo.accessToken()
            let tokens = try await demo.mediaTokens(access)
            let playlist = "/media/30-days/evt-endlist/index.m3u8"
            let none = try await demo.get(playlist)
            #expect(none.status == 401)
            #expect(none.errorCode == "missing_media_token")
            let wrong = try await demo.get(playlist + "?Authorization=not-a-token")
            #expect(wrong.status == 403)
            #expect(wrong.errorCode == "invalid_media_token")
            let otherBucket = try await demo.get(playlist, headers: [("Authorization", tokens["7-days"]!)])
            #expect(otherBucket.status == 403)
            // A stale query token wins over a right header.
            let stale = try await demo.get(playlist + "?Authorization=stale-token", headers: [("Authorization", tokens["30-days"]!)])
            #expect(stale.status == 403)
            // No token ever opens the 365-days bucket.
            for token in tokens.values {
                #expect(try await demo.get("/media/365-days/evt-no-token/index.m3u8?Authorization=\(token)").status == 403)
            }
            // Right token, event in another bucket: not found.
            #expect(try await demo.get("/media/30-days/evt-fmp4/index.m3u8?Authorization=\(tokens["30-days"]!)").status == 404)
            #expect(try await demo.get("/media/30-days/evt-endlist/nothing.ts?Authorization=\(tokens["30-days"]!)").status == 404)
        }
    }

    @Test func expiredMediaTokensAreReplacedAndTheOldOnesRefused() async throws {
        try await DemoHarness.with({ $0.mediaTokenLifetime = 0 }) { demo in
            let access = try await demo.accessToken()
            let first = try await demo.mediaTokens(access)
            let second = try await demo.mediaTokens(access)
            #expect(first["7-days"] != second["7-days"])
            #expect(try await demo.get("/media/7-days/evt-no-endlist/index.m3u8?Authorization=\(first["7-days"]!)").status == 403)
        }
        try await DemoHarness.with { demo in
            let access = try await demo.accessToken()
            let old = try await demo.mediaTokens(access)["7-days"]!
            #expect(try await demo.get("/media/7-days/evt-no-endlist/index.m3u8?Authorization=\(old)").status == 200)
            await demo.server.faults.expireMediaTokens()
            #expect(try await demo.get("/media/7-days/evt-no-endlist/index.m3u8?Authorization=\(old)").status == 403)
            let renewed = try await demo.mediaTokens(access)["7-days"]!
            #expect(renewed != old)
            #expect(try await demo.get("/media/7-days/evt-no-endlist/index.m3u8?Authorization=\(renewed)").status == 200)
        }
    }

    @Test func eachLayoutServesItsFilesWithTheRightContentTypes() async throws {
        try await DemoHarness.with { demo in
            let tokens = try await demo.mediaTokens(demo.accessToken())
            func fetch(_ bucket: String, _ rest: String) async throws -> DemoHarness.Answer {
                try await demo.get("/media/\(bucket)/\(rest)", headers: [("Authorization", tokens[bucket]!)])
            }
            let noEnd = try await fetch("7-days", "evt-no-endlist/index.m3u8")
            #expect(noEnd.status == 200 && !noEnd.text.contains("#EXT-X-ENDLIST") && noEnd.text.contains("segment4.ts"))
            let fmp4 = try await fetch("180-days", "evt-fmp4/index.m3u8")
            #expect(fmp4.text.contains(#"#EXT-X-MAP:URI="init.mp4""#) && fmp4.text.contains("segment0.m4s?v=1"))
            #expect(try await fetch("180-days", "evt-fmp4/init.mp4").contentType == "video/mp4")
            #expect(try await fetch("180-days", "evt-fmp4/segment3.m4s?v=1").contentType == "video/iso.segment")
            let master = try await fetch("30-days", "evt-master/master.m3u8")
            #expect(master.text.contains("320x180/index.m3u8") && master.text.contains("160x90/index.m3u8"))
            #expect(master.text.components(separatedBy: "#EXT-X-STREAM-INF").count == 3)
            let variant = try await fetch("30-days", "evt-master/160x90/index.m3u8")
            #expect(variant.status == 200 && variant.text.contains("#EXT-X-ENDLIST"))
            #expect(try await fetch("30-days", "evt-master/160x90/segment1.ts").contentType == "video/mp2t")
            let bare = try await fetch("7-days", "evt-extensionless/index.m3u8")
            #expect(bare.text.contains("\nsegment0\n") && !bare.text.contains(".ts"))
            #expect(try await fetch("7-days", "evt-extensionless/segment0").contentType == "video/mp2t")
            let thumbnail = try await fetch("30-days", "evt-endlist/thumbnail.jpg")
            #expect(thumbnail.status == 200 && thumbnail.contentType == "image/jpeg")
        }
    }

    @Test func pathTraversalIsRefused() async throws {
        try await DemoHarness.with { demo in
            let token = try await demo.mediaTokens(demo.accessToken())["30-days"]!
            for path in ["/media/30-days/evt-endlist/../../../catalog.json", "/media/30-days/evt-endlist/%2e%2e/%2e%2e/catalog.json",
                         "/media/30-days/evt-endlist/..%2f..%2fcatalog.json", "/media/30-days/evt-endlist/.hidden",
                         "/media/30-days/evt-endlist//etc/passwd"] {
                let answer = try await demo.get(path, headers: [("Authorization", token)])
                #expect(answer.status == 400 || answer.status == 404, "\(path): \(answer.status)")
                #expect(!answer.text.contains("tokenBuckets"), "\(path)")
            }
        }
    }

    @Test func brokenEventsThirdSegmentAlwaysAnswers500() async throws {
        try await DemoHarness.with { demo in
            let token = try await demo.mediaTokens(demo.accessToken())["30-days"]!
            let base = "/media/30-days/evt-broken/"
            #expect(try await demo.get(base + "index.m3u8?Authorization=\(token)").status == 200)
            #expect(try await demo.get(base + "segment1.ts?Authorization=\(token)").status == 200)
            for _ in 0..<3 {
                #expect(try await demo.get(base + "segment2.ts?Authorization=\(token)").status == 500)
            }
            #expect(try await demo.get(base + "segment3.ts?Authorization=\(token)").status == 200)
        }
    }

    @Test func livePlaylistGrowsThenEnds() async throws {
        // 0.6 s a segment: polls that take a while on a busy machine still see it grow in steps.
        try await DemoHarness.with({ $0.liveSegmentInterval = 0.6 }) { demo in
            let access = try await demo.accessToken()
            #expect(try await demo.event("evt-live", bearer: access)["endTime"] is NSNull)
            let token = try await demo.mediaTokens(access)["7-days"]!
            var counts: [Int] = []
            var ended = false
            for _ in 0..<200 where !ended {
                let playlist = try await demo.get("/media/7-days/evt-live/index.m3u8?Authorization=\(token)")
                #expect(playlist.status == 200)
                counts.append(playlist.text.components(separatedBy: "#EXTINF").count - 1)
                ended = playlist.text.contains("#EXT-X-ENDLIST")
                if !ended { try await Task.sleep(for: .milliseconds(50)) }
            }
            #expect(ended)
            #expect(counts.first == 1)
            #expect(counts.last == 5)
            #expect(counts == counts.sorted(), "never shrinks")
            // How many steps a client sees depends on how often it gets to poll (seconds apart on a
            // loaded machine); the steps themselves are LiveClock's (liveClockAddsOneSegmentPerInterval).
            #expect(Set(counts).count >= 2, "grew: \(counts)")
            #expect(try await demo.event("evt-live", bearer: access)["endTime"] is String)
            #expect(try await demo.get("/media/7-days/evt-live/segment4.ts?Authorization=\(token)").status == 200)
        }
    }

    /// The live event's clock, at given instants: one segment at the first request, one more per
    /// interval, `#EXT-X-ENDLIST` (and an end time) once all have appeared.
    @Test func liveClockAddsOneSegmentPerInterval() async {
        let clock = LiveClock(interval: 2, totalSegments: 5)
        let start = Date(timeIntervalSince1970: 1_000)
        #expect(await clock.endTime(now: start) == nil, "not started")
        let seen = [0, 1.9, 2, 4.5, 6, 9.99].map { start.addingTimeInterval($0) }
        var states: [LiveClock.State] = []
        for now in seen { states.append(await clock.playlistRequested(now: now)) }
        #expect(states.map(\.visibleSegments) == [1, 1, 2, 3, 4, 5])
        #expect(states.map(\.ended) == [false, false, false, false, false, false])
        #expect(await clock.endTime(now: start.addingTimeInterval(9.99)) == nil)
        #expect(await clock.playlistRequested(now: start.addingTimeInterval(10)) == .init(visibleSegments: 5, ended: true))
        #expect(await clock.endTime(now: start.addingTimeInterval(30)) == start.addingTimeInterval(10))
    }
}
