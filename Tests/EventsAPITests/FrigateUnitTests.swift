import Foundation
import SystemSupport
import Testing
@testable import EventsAPI

/// The Frigate backend's pure parts: paging by `before`, the JWT's claims, the version, the
/// config's order, a review item as an event.
@Suite struct FrigateUnitTests {
    /// A JWT with these claims (an unchecked signature: the client reads claims only).
    static func jwt(_ claims: [String: Any]) -> String {
        func part(_ object: [String: Any]) -> String {
            let data = try! JSONSerialization.data(withJSONObject: object)
            return data.base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
        return part(["alg": "HS256", "typ": "JWT"]) + "." + part(claims) + ".c2lnbmF0dXJl"
    }

    @Test func pagingByBeforeLosesAndRepeatsNothingAcrossSharedStartTimes() {
        // 25 items, newest first, with runs of equal start times across page boundaries.
        let starts: [Double] = [100, 99, 99, 99, 98, 97, 97, 97, 97, 97, 96, 95, 95, 94, 93, 93, 93, 92, 91, 90, 90, 90, 90, 89, 88]
        let all = starts.enumerated().map { (id: "item-\($0.offset)", start: $0.element) }
        /// Frigate's query: `start_time < before`, newest first, `limit`.
        func server(before: Double?, limit: Int) -> [(id: String, start: Double)] {
            Array(all.filter { before == nil || $0.start < before! }.prefix(limit))
        }
        for limit in [1, 2, 3, 4, 5, 7] {
            var listed: [String] = []
            var cursor: StartCursor?
            var pages = 0
            repeat {
                let asked = limit + (cursor?.seen.count ?? 0)
                let page = server(before: cursor?.before, limit: asked)
                listed += page.filter { !(cursor?.seen.contains($0.id) ?? false) }.map(\.id)
                cursor = StartCursor.after(page: page, asked: asked)
                pages += 1
            } while cursor != nil && pages < 100
            #expect(listed == all.map(\.id), "limit \(limit)")
        }
    }

    @Test func cursorTextRoundTrips() throws {
        let cursor = StartCursor(before: 1732790000.125, seen: ["b", "a"])
        let read = try #require(StartCursor(cursor.text))
        #expect(read == cursor)
        #expect(StartCursor("nonsense") == nil)
        #expect(StartCursor("inf|a") == nil)
    }

    @Test func tokenFromSetCookieReadsClaims() throws {
        let jwt = Self.jwt(["sub": "admin", "role": "admin", "exp": 1_900_000_000, "iat": 1_899_913_600])
        let token = try #require(FrigateToken(setCookie: "frigate_token=\(jwt); HttpOnly; Max-Age=86400; Path=/"))
        #expect(token.user == "admin")
        #expect(token.role == "admin")
        #expect(token.expiresAt == Date(timeIntervalSince1970: 1_900_000_000))
        #expect(FrigateToken(setCookie: "other=\(jwt); Path=/") == nil)
        #expect(FrigateToken(setCookie: "frigate_token=not-a-jwt") == nil)
        #expect(FrigateToken.fromSetCookies(["a=b", "frigate_token=\(jwt)"])?.jwt == jwt)
    }

    @Test func versionsCompareAndSayWhatTheAPIHas() throws {
        let old = try #require(FrigateVersion("0.16.2-4d58206\n"))
        let new = try #require(FrigateVersion("0.17.0-beta1"))
        #expect(old < new)
        #expect(!old.unmarksByBody)
        #expect(new.unmarksByBody)
        #expect(FrigateVersion("<html>") == nil)
        #expect(FrigateVersion("v1") == nil)
    }

    @Test func camerasComeInFrigatesOrderWithTheirFriendlyNames() throws {
        let json = """
        {"cameras": {"zeta_cam": {"ui": {"order": 0}, "record": {"enabled": true}},
                     "alpha": {"friendly_name": "Front Door", "ui": {"order": 2}},
                     "beta": {"ui": {"order": 1}, "enabled": false, "friendly_name": ""}},
         "camera_groups": {"outside": {"cameras": ["alpha", "beta"], "order": 1}, "all": {"cameras": ["zeta_cam"], "order": 0}}}
        """
        let config = try JSONDecoder().decode(FrigateConfigBody.self, from: Data(json.utf8))
        #expect(config.orderedCameras.map(\.id) == ["zeta_cam", "beta", "alpha"])
        #expect(config.orderedCameras.map(\.name) == ["zeta cam", "beta", "Front Door"], "friendly_name, else the name with spaces")
        #expect(config.orderedCameras.map(\.isEnabled) == [true, false, true])
        #expect(config.orderedCameras.map(\.isRecording) == [true, false, false])
        #expect(config.orderedGroups.map(\.name) == ["all", "outside"])
    }

    @Test func reviewItemBecomesAnEventPlayedWithFrigatesPadding() throws {
        let json = """
        {"id": "1732790000.5-abc123", "camera": "front_door", "start_time": 1732790000.5, "end_time": 1732790030.25,
         "severity": "alert", "thumb_path": "/media/frigate/clips/review/thumb-front_door-1732790000.5-abc123.webp",
         "data": {"objects": ["person"], "zones": ["porch"], "audio": [], "sub_labels": ["bob"], "detections": ["d1"]},
         "has_been_reviewed": true}
        """
        let item = try JSONDecoder().decode(FrigateReviewItem.self, from: Data(json.utf8))
        let server = URL(string: "https://nvr.local:8971/frigate")!
        let event = item.event(server: server, names: ["front_door": "Front Door"], authorization: .bearer, now: Date())
        #expect(event.cameraName == "Front Door")
        #expect(event.camera == "front_door")
        #expect(event.bucket == "alert")
        #expect(event.title == "alert: person, bob · porch")
        #expect(event.serverReviewed == true)
        #expect(event.authorization == .bearer)
        #expect(event.videoUrl.absoluteString == "https://nvr.local:8971/frigate/vod/front_door/start/1732789996/end/1732790035/index.m3u8")
        #expect(event.thumbnailUrl?.absoluteString == "https://nvr.local:8971/frigate/clips/review/thumb-front_door-1732790000.5-abc123.webp")
    }

    @Test func anItemInProgressPlaysUpToNow() throws {
        let json = #"{"id": "x", "camera": "yard", "start_time": 1000, "end_time": null, "severity": "detection"}"#
        let item = try JSONDecoder().decode(FrigateReviewItem.self, from: Data(json.utf8))
        let event = item.event(server: URL(string: "http://nvr:5000")!, names: [:], authorization: .none,
                               now: Date(timeIntervalSince1970: 1100))
        #expect(event.endTime == nil)
        #expect(event.videoUrl.path.hasSuffix("/start/996/end/1104/index.m3u8"))
    }

    @Test func aJWTIsRedactedWhereverItAppears() {
        let jwt = Self.jwt(["sub": "admin", "exp": 1_900_000_000])
        let line = "cookie frigate_token=\(jwt) and bare \(jwt) in text"
        let redacted = Redactor.shared.redact(line)
        #expect(!redacted.contains(jwt))
        #expect(!redacted.contains("eyJ"))
    }
}
