import DemoBackend
import Foundation
import NIOHTTP1
import TestSupport
import Testing

/// The demo backend's Frigate flavour over real HTTP: nginx's auth and cache in front of FastAPI's
/// routes, the review list's semantics, the recordings and the vod (docs/demo.md, "Frigate flavour").
@Suite("Frigate flavour: auth, review, cache, recordings, vod")
struct FrigateDemoTests {
    // MARK: sign-in and auth

    @Test func loginSetsTheSessionCookieAndAWrongPasswordIs401() async throws {
        try await FrigateDemo.with { frigate in
            let answer = try await frigate.login()
            #expect(answer.status == 200)
            #expect(answer.body.isEmpty)
            let cookie = try #require(answer.headers.first(name: "Set-Cookie"))
            let token = try #require(FrigateDemo.token(fromSetCookie: cookie))
            #expect(cookie == "frigate_token=\(token); HttpOnly; Max-Age=86400; Path=/; SameSite=lax")
            let parts = token.split(separator: ".")
            #expect(parts.count == 3)
            #expect(try FrigateDemo.decode(parts[0]) == ["alg": "HS256", "typ": "JWT"] as NSDictionary)
            let claims = try FrigateDemo.decode(parts[1])
            #expect(claims["sub"] as? String == DemoAccount.frigateUser)
            #expect(claims["role"] as? String == "admin")
            let exp = try #require(claims["exp"] as? Int), iat = try #require(claims["iat"] as? Int)
            #expect(exp - iat == 86_400)
            #expect(abs(Double(iat) - Date().timeIntervalSince1970) < 60)

            let viewer = try await frigate.login(DemoAccount.frigateViewer, DemoAccount.frigateViewerPassword)
            let viewerToken = try #require(viewer.headers.first(name: "Set-Cookie").flatMap(FrigateDemo.token(fromSetCookie:)))
            #expect(try FrigateDemo.decode(viewerToken.split(separator: ".")[1])["role"] as? String == "viewer")

            for (user, password) in [(DemoAccount.frigateUser, "nope"), ("nobody", DemoAccount.frigatePassword)] {
                let wrong = try await frigate.login(user, password)
                #expect(wrong.status == 401)
                #expect(wrong.text == #"{"message":"Login failed"}"#)
                #expect(wrong.headers.first(name: "Set-Cookie") == nil)
            }
            let malformed = try await frigate.demo.request(.POST, "/api/login", body: #"{"user":"admin"}"#)
            #expect(malformed.status == 422)
            #expect(malformed.text.contains(#""loc":["body","password"]"#), "\(malformed.text)")
        }
    }

    @Test func logingInTooOftenIs429() async throws {
        try await FrigateDemo.with({ $0.frigate.failedLoginRateLimit = "3/minute" }) { frigate in
            // The harness signed in once already: two more attempts fit in the minute, the fourth does not.
            for _ in 0..<2 {
                let attempt = try await frigate.login(DemoAccount.frigateUser, "wrong")
                #expect(attempt.status == 401)
            }
            let limited = try await frigate.login()
            #expect(limited.status == 429)
            #expect(limited.text == #"{"error":"Rate limit exceeded: 3 per 1 minute"}"#)
            // Another client address (nginx's X-Forwarded-For) has its own window.
            let other = try await frigate.demo.request(.POST, "/api/login", headers: [("X-Forwarded-For", "10.0.0.9")],
                                                       body: FrigateDemo.credentials(DemoAccount.frigateUser, DemoAccount.frigatePassword))
            #expect(other.status == 200)
        }
        // Frigate's default (failed_login_rate_limit: None) limits nothing.
        try await FrigateDemo.with { frigate in
            for _ in 0..<8 {
                let attempt = try await frigate.login(DemoAccount.frigateUser, "wrong")
                #expect(attempt.status == 401)
            }
            #expect(try await frigate.login().status == 200)
        }
    }

    @Test func bearerAndCookieBothAuthorizeAndNothingElseDoes() async throws {
        try await FrigateDemo.with { frigate in
            let denied = try await frigate.demo.get("/api/version")
            #expect(denied.status == 401)
            #expect(denied.contentType == "text/html")
            #expect(denied.text.contains("<title>401 Authorization Required</title>"))
            #expect(denied.text.contains("<hr><center>nginx/1.27.4</center>"))
            // nginx passes none of the auth answer's headers on a 401 (add_header is for 2xx/3xx).
            #expect(denied.headers.first(name: "Location") == nil)
            #expect(denied.headers.first(name: "Server") == "nginx/1.27.4")

            let token = try await frigate.token()
            let bearer = try await frigate.demo.get("/api/version", headers: [("Authorization", "Bearer \(token)")])
            #expect(bearer.status == 200)
            #expect(bearer.text == "0.16.2-4d58206")
            #expect(bearer.contentType == "text/plain; charset=utf-8")
            let cookie = try await frigate.demo.get("/api/version", headers: [("Cookie", "other=1; frigate_token=\(token)")])
            #expect(cookie.status == 200)

            var forged = Array(token)
            forged[forged.count - 2] = forged[forged.count - 2] == "A" ? "B" : "A"
            #expect(try await frigate.demo.get("/api/version", headers: [("Authorization", "Bearer \(String(forged))")]).status == 401)
            #expect(try await frigate.demo.get("/api/version", headers: [("Authorization", "bearer \(token)")]).status == 401)
            // The login page's helper is public; the rest is not.
            #expect(try await frigate.demo.get("/api/auth/first_time_login").text == #"{"admin_first_time_login":false}"#)
            #expect(try await frigate.demo.get("/api/config").status == 401)
            #expect(try await frigate.demo.get("/clips/review/thumb-x.webp").status == 401)
            // The fault injector's expiry applies to JWTs too.
            await frigate.demo.server.faults.expireAccessTokens()
            #expect(try await frigate.demo.get("/api/version", headers: [("Authorization", "Bearer \(token)")]).status == 401)
            #expect(try await frigate.get("/api/version", token: try await frigate.token()).status == 200, "a new sign-in works")
        }
    }

    @Test func aCookieNearItsExpiryIsRenewedAndAnExpiredOneIsRefused() async throws {
        try await FrigateDemo.with({ $0.frigate.sessionLength = 120; $0.frigate.refreshTime = 1_800 }) { frigate in
            let token = try await frigate.token()
            let viaCookie = try await frigate.demo.get("/api/config", headers: [("Cookie", "frigate_token=\(token)")])
            #expect(viaCookie.status == 200)
            let renewed = try #require(viaCookie.headers.first(name: "Set-Cookie"))
            #expect(renewed.hasSuffix("; HttpOnly; Max-Age=120; Path=/; SameSite=lax"), "\(renewed)")
            let fresh = try #require(FrigateDemo.token(fromSetCookie: renewed))
            let claims = try FrigateDemo.decode(fresh.split(separator: ".")[1])
            #expect((claims["exp"] as? Int).map { $0 - Int(Date().timeIntervalSince1970) } ?? 0 > 100)
            #expect(try await frigate.demo.get("/api/version", headers: [("Cookie", "frigate_token=\(fresh)")]).status == 200)
            // A bearer token is never renewed.
            let viaBearer = try await frigate.demo.get("/api/config", headers: [("Authorization", "Bearer \(token)")])
            #expect(viaBearer.status == 200)
            #expect(viaBearer.headers.first(name: "Set-Cookie") == nil)
        }
        try await FrigateDemo.with { frigate in
            let token = try await frigate.token()
            let far = try await frigate.demo.get("/api/config", headers: [("Cookie", "frigate_token=\(token)")])
            #expect(far.status == 200)
            #expect(far.headers.first(name: "Set-Cookie") == nil, "a day from expiry: nothing to renew")
        }
        try await FrigateDemo.with({ $0.frigate.sessionLength = 1 }) { frigate in
            let token = try await frigate.token()
            try await Task.sleep(for: .milliseconds(2_100))
            #expect(try await frigate.demo.get("/api/version", headers: [("Cookie", "frigate_token=\(token)")]).status == 401)
        }
    }

    @Test func withoutAuthEveryoneIsAdminAndLoginIsDisabled() async throws {
        try await FrigateDemo.with({ $0.frigate.requiresAuth = false }) { frigate in
            #expect(try await frigate.demo.get("/api/version").status == 200)
            let login = try await frigate.login()
            #expect(login.status == 404)
            #expect(login.text == #"{"message":"Authentication is disabled"}"#)
            let profile = try await frigate.demo.get("/api/profile")
            #expect(profile.json["username"] as? String == "anonymous")
            #expect(profile.json["role"] as? String == "admin")
            #expect(try await frigate.demo.get("/vod/nowhere/start/1/end/2/index.m3u8").status == 404)
        }
    }

    @Test func aChangeWithAnOriginNeedsTheCSRFHeader() async throws {
        try await FrigateDemo.with { frigate in
            let id = try #require(try await frigate.reviews("after=1&limit=1").first?["id"] as? String)
            let body = #"{"ids":["\#(id)"]}"#
            let refused = try await frigate.request(.POST, "/api/reviews/viewed", headers: [("Origin", "http://evil.example")], body: body)
            #expect(refused.status == 401)
            #expect(refused.text == #"{"success":false,"message":"Missing CSRF header"}"#)
            let allowed = try await frigate.request(.POST, "/api/reviews/viewed",
                                                    headers: [("Origin", "http://evil.example"), ("X-CSRF-TOKEN", "1")], body: body)
            #expect(allowed.status == 200)
            #expect(try await frigate.request(.POST, "/api/reviews/viewed", body: body).status == 200, "no Origin: no check")
            let login = try await frigate.demo.request(.POST, "/api/login", headers: [("Origin", "http://evil.example")],
                                                       body: FrigateDemo.credentials(DemoAccount.frigateUser, DemoAccount.frigatePassword))
            #expect(login.status == 401)
        }
    }

    // MARK: review

    @Test func theReviewListFiltersAsReviewPyDoes() async throws {
        try await FrigateDemo.with { frigate in
            let all = try await frigate.reviews("after=1")
            #expect(all.count > 500, "\(all.count)")
            let starts = all.compactMap { $0["start_time"] as? Double }
            #expect(starts.count == all.count)
            #expect(zip(starts, starts.dropFirst()).allSatisfy { $0 >= $1 }, "newest first")
            let first = try #require(all.first)
            #expect(first["end_time"] is NSNull, "the item in progress is the newest")
            #expect(first["camera"] as? String == "front_door")
            let id = try #require(first["id"] as? String)
            #expect(id.range(of: #"^\d+\.\d+-[a-z0-9]{6}$"#, options: .regularExpression) != nil, "\(id)")
            #expect(first["thumb_path"] as? String == "/media/frigate/clips/review/thumb-front_door-\(id).webp")
            let data = try #require(first["data"] as? [String: Any])
            for key in ["detections", "objects", "sub_labels", "zones", "audio"] { #expect(data[key] is [Any], "\(key)") }
            #expect(Set(all.compactMap { $0["camera"] as? String }) == ["front_door", "driveway", "backyard", "garage"])

            let garage = try await frigate.reviews("after=1&cameras=garage")
            #expect(!garage.isEmpty && garage.allSatisfy { $0["camera"] as? String == "garage" })
            #expect(try await frigate.reviews("after=1&cameras=nowhere").isEmpty)
            let twoCameras = try await frigate.reviews("after=1&cameras=garage,driveway")
            #expect(twoCameras.count == garage.count + all.filter { $0["camera"] as? String == "driveway" }.count)
            let cars = try await frigate.reviews("after=1&labels=car")
            #expect(!cars.isEmpty && cars.allSatisfy { (($0["data"] as? [String: Any])?["objects"] as? [String])?.contains("car") == true })
            let porch = try await frigate.reviews("after=1&zones=porch")
            #expect(!porch.isEmpty && porch.allSatisfy { (($0["data"] as? [String: Any])?["zones"] as? [String])?.contains("porch") == true })
            let alerts = try await frigate.reviews("after=1&severity=alert")
            #expect(!alerts.isEmpty && alerts.allSatisfy { $0["severity"] as? String == "alert" })
            #expect(alerts.count < all.count)
            #expect(try await frigate.reviews("after=1&limit=5").count == 5)
            let bad = try await frigate.get("/api/review?severity=loud")
            #expect(bad.status == 422)
            #expect(bad.text.contains(#""loc":["query","severity"]"#), "\(bad.text)")
            #expect(try await frigate.get("/api/review?before=soon").status == 422)

            // The hostile sub label arrives as JSON escapes, never as raw bytes.
            let raw = try await frigate.get("/api/review?after=1")
            #expect(raw.text.contains(#""sub_labels":["\u001b]0;pwned\u0007"]"#))
            #expect(!raw.body.contains(0x1B))
            #expect(raw.text.contains("\"start_time\":"), "floats as Python writes them")
        }
    }

    @Test func pagingByBeforeLosesAndRepeatsNothingAcrossTies() async throws {
        try await FrigateDemo.with { frigate in
            let before = Date().timeIntervalSince1970 + 1
            let full = try await frigate.reviews("after=1&before=\(before)")
            let ids = full.compactMap { $0["id"] as? String }
            let starts = full.compactMap { $0["start_time"] as? Double }
            #expect(Set(starts).count < starts.count, "some items share a start_time")
            // Keep what is strictly newer than the page's oldest start; ask again from just above it.
            var paged: [String] = [], cursor = before, limit = 7, requests = 0
            while requests < 1_000 {
                requests += 1
                let page = try await frigate.reviews("after=1&before=\(cursor)&limit=\(limit)")
                guard page.count == limit, let oldest = page.last?["start_time"] as? Double else {
                    paged += page.compactMap { $0["id"] as? String }
                    break
                }
                let newer = page.filter { ($0["start_time"] as? Double ?? 0) > oldest }
                if newer.isEmpty { limit *= 2; continue }   // a whole page of one tie: look further
                paged += newer.compactMap { $0["id"] as? String }
                cursor = oldest.nextUp
                limit = 7
            }
            #expect(paged == ids, "\(paged.count) paged, \(ids.count) in all")
            // Naively continuing from the last start_time loses the rest of a tie.
            var naive: [String] = [], naiveCursor = before
            while true {
                let page = try await frigate.reviews("after=1&before=\(naiveCursor)&limit=7")
                naive += page.compactMap { $0["id"] as? String }
                guard page.count == 7, let last = page.last?["start_time"] as? Double else { break }
                naiveCursor = last
            }
            #expect(naive.count < ids.count, "a page boundary falls inside a tie")
            #expect(Set(naive).count == naive.count)
        }
    }

    @Test func aMissingOrZeroAfterMeansTheLast24Hours() async throws {
        try await FrigateDemo.with { frigate in
            let now = Date().timeIntervalSince1970
            let plain = try await frigate.reviews("")
            let zero = try await frigate.reviews("after=0&before=0")
            let everything = try await frigate.reviews("after=1")
            #expect(plain.compactMap { $0["id"] as? String } == zero.compactMap { $0["id"] as? String })
            #expect(!plain.isEmpty && plain.count < everything.count)
            #expect(plain.allSatisfy { item in (item["end_time"] as? Double).map { $0 > now - 86_400 - 5 } ?? true })
            let expected = everything.filter { item in (item["end_time"] as? Double).map { $0 > now - 86_400 + 5 } ?? true }
            #expect(plain.count >= expected.count && plain.count <= expected.count + 2)
        }
    }

    @Test func reviewedMarksBelongToTheUserWhoMadeThem() async throws {
        try await FrigateDemo.with({ $0.frigate.version = "0.17.2" }) { frigate in
            let viewer = try await frigate.token(DemoAccount.frigateViewer, DemoAccount.frigateViewerPassword)
            let items = try await frigate.reviews("after=1&limit=3")
            let ids = items.compactMap { $0["id"] as? String }
            #expect(items.allSatisfy { $0["has_been_reviewed"] as? Bool == false })
            let marked = try await frigate.request(.POST, "/api/reviews/viewed", body: #"{"ids":["\#(ids[0])","\#(ids[1])","unknown-id"]}"#)
            #expect(marked.text == #"{"success":true,"message":"Marked multiple items as reviewed"}"#)
            let mine = try await frigate.reviews("after=1&limit=3", bypass: true)
            #expect(mine.map { $0["has_been_reviewed"] as? Bool } == [true, true, false])
            let theirs = try await frigate.reviews("after=1&limit=3", token: viewer, bypass: true)
            #expect(theirs.allSatisfy { $0["has_been_reviewed"] as? Bool == false })
            #expect(try await frigate.reviews("after=1&reviewed=1", bypass: true).compactMap { $0["id"] as? String } == Array(ids.prefix(2)))
            let unreviewed = try await frigate.reviews("after=1&reviewed=0", bypass: true).compactMap { $0["id"] as? String }
            #expect(!unreviewed.contains(ids[0]) && unreviewed.contains(ids[2]))

            let unmark = try await frigate.request(.POST, "/api/reviews/viewed", body: #"{"ids":["\#(ids[0])"],"reviewed":false}"#)
            #expect(unmark.text == #"{"success":true,"message":"Marked multiple items as unreviewed"}"#)
            let deleted = try await frigate.request(.DELETE, "/api/review/\(ids[1])/viewed")
            #expect(deleted.text == #"{"success":true,"message":"Set Review \#(ids[1]) as not viewed"}"#)
            #expect(try await frigate.reviews("after=1&reviewed=1", bypass: true).isEmpty)
            let unknown = try await frigate.request(.DELETE, "/api/review/nope/viewed")
            #expect(unknown.status == 404)
            #expect(unknown.text == #"{"success":false,"message":"Review nope not found"}"#)
            #expect(try await frigate.request(.POST, "/api/reviews/viewed", body: #"{"ids":[]}"#).status == 422)
        }
        // 0.16 (the default version) has no `reviewed`: it always marks, and reviewed=1 filters nothing.
        try await FrigateDemo.with { frigate in
            let id = try #require(try await frigate.reviews("after=1&limit=1").first?["id"] as? String)
            let answer = try await frigate.request(.POST, "/api/reviews/viewed", body: #"{"ids":["\#(id)"],"reviewed":false}"#)
            #expect(answer.text == #"{"success":true,"message":"Reviewed multiple items"}"#)
            #expect(try await frigate.reviews("after=1&limit=1", bypass: true).first?["has_been_reviewed"] as? Bool == true)
            #expect(try await frigate.reviews("after=1&reviewed=1", bypass: true).count > 1)
        }
    }

    @Test func theAPICacheServesStaleListsForFiveSecondsUnlessBypassed() async throws {
        try await FrigateDemo.with { frigate in
            let path = "/api/review?after=1&limit=2"
            let first = try await frigate.get(path)
            #expect(first.headers.first(name: "X-Cache-Status") == "MISS")
            #expect(first.headers.first(name: "Cache-Control") == "no-store")
            let id = try #require(FrigateDemo.array(first).first?["id"] as? String)
            _ = try await frigate.request(.POST, "/api/reviews/viewed", body: #"{"ids":["\#(id)"]}"#)
            let stale = try await frigate.get(path)
            #expect(stale.headers.first(name: "X-Cache-Status") == "HIT")
            #expect(FrigateDemo.array(stale).first?["has_been_reviewed"] as? Bool == false)
            #expect(try await frigate.get(path, headers: [("X-Cache-Bypass", "0")]).headers.first(name: "X-Cache-Status") == "HIT")
            let fresh = try await frigate.get(path, headers: [("X-Cache-Bypass", "1")])
            #expect(fresh.headers.first(name: "X-Cache-Status") == "BYPASS")
            #expect(FrigateDemo.array(fresh).first?["has_been_reviewed"] as? Bool == true)
            // The bypass stored its answer: the cache now has the fresh list.
            let after = try await frigate.get(path)
            #expect(after.headers.first(name: "X-Cache-Status") == "HIT")
            #expect(FrigateDemo.array(after).first?["has_been_reviewed"] as? Bool == true)
            // Per user: the viewer's first look is a miss.
            let viewer = try await frigate.token(DemoAccount.frigateViewer, DemoAccount.frigateViewerPassword)
            #expect(try await frigate.get(path, token: viewer).headers.first(name: "X-Cache-Status") == "MISS")
            try await Task.sleep(for: .milliseconds(5_200))
            #expect(try await frigate.get(path).headers.first(name: "X-Cache-Status") == "EXPIRED")
            // Text answers are never stored.
            #expect(try await frigate.get("/api/version").headers.first(name: "X-Cache-Status") == nil)
        }
    }

    // MARK: config, events, recordings, stills

    @Test func theConfigHasTheCamerasAndGroupsTheWebUIReads() async throws {
        try await FrigateDemo.with { frigate in
            let config = try await frigate.get("/api/config").json
            let cameras = try #require(config["cameras"] as? [String: [String: Any]])
            #expect(Set(cameras.keys) == ["front_door", "driveway", "backyard", "garage", "side_gate"])
            #expect(cameras["front_door"]?["friendly_name"] as? String == "Front Door")
            #expect(cameras["backyard"]?["friendly_name"] as? String == "Back Yard")
            #expect(cameras["driveway"]?.keys.contains("friendly_name") == false)
            #expect(cameras["garage"]?.keys.contains("friendly_name") == false)
            let orders = cameras.mapValues { ($0["ui"] as? [String: Any])?["order"] as? Int ?? -1 }
            #expect(cameras.keys.sorted() != cameras.keys.sorted { orders[$0]! < orders[$1]! }, "ui.order is not name order")
            #expect(orders["garage"] == 0 && orders["front_door"] == 1)
            #expect(cameras["side_gate"]?["enabled"] as? Bool == false)
            #expect((cameras["side_gate"]?["record"] as? [String: Any])?["enabled"] as? Bool == false)
            #expect((cameras["front_door"]?["record"] as? [String: Any])?["enabled"] as? Bool == true)
            let detect = try #require(cameras["front_door"]?["detect"] as? [String: Any])
            #expect(detect["width"] as? Int == 1920 && detect["height"] as? Int == 1080)
            #expect(Set(((cameras["front_door"]?["zones"]) as? [String: Any])?.keys.map { $0 } ?? []) == ["porch", "walkway"])
            #expect(cameras["front_door"]?["name"] as? String == "front_door")
            let groups = try #require(config["camera_groups"] as? [String: [String: Any]])
            #expect(groups["outside"]?["cameras"] as? [String] == ["front_door", "driveway", "backyard"])
            #expect(groups["outside"]?["icon"] is String && groups["outside"]?["order"] is Int)
            #expect((groups["all_cams"]?["cameras"] as? [String])?.count == 5)
        }
    }

    @Test func detectionsAreListedAndFoundByTheirIDs() async throws {
        try await FrigateDemo.with { frigate in
            let page = try FrigateDemo.array(await frigate.get("/api/events?cameras=driveway&limit=5"))
            #expect(page.count == 5 && page.allSatisfy { $0["camera"] as? String == "driveway" })
            #expect(page.first.map { Set($0.keys) } == ["id", "camera", "label", "zones", "start_time", "end_time", "has_clip", "has_snapshot",
                                                         "plus_id", "retain_indefinitely", "sub_label", "top_score", "false_positive", "box", "data"])
            #expect(try FrigateDemo.array(await frigate.get("/api/events")).count == 100, "limit 100 by default")
            let item = try #require(try await frigate.reviews("after=1").first { ($0["data"] as? [String: Any])?["sub_labels"] as? [String] == ["\u{1B}]0;pwned\u{07}"] })
            let detections = try #require((item["data"] as? [String: Any])?["detections"] as? [String])
            let found = try FrigateDemo.array(await frigate.get("/api/event_ids?ids=\(detections.joined(separator: ","))"))
            #expect(Set(found.compactMap { $0["id"] as? String }) == Set(detections))
            #expect(found.first?["sub_label"] as? String == "\u{1B}]0;pwned\u{07}")
            #expect(try await frigate.get("/api/event_ids").status == 422)
            let thumbnail = try await frigate.get("/api/events/\(detections[0])/thumbnail.jpg")
            #expect(thumbnail.status == 200 && thumbnail.contentType == "image/jpeg")
            #expect(thumbnail.body.prefix(2) == Data([0xFF, 0xD8]))
            #expect(thumbnail.headers.first(name: "X-Cache-Status") == nil, "images are not behind the API cache")
            let missing = try await frigate.get("/api/events/nope/thumbnail.jpg")
            #expect(missing.status == 404 && missing.text == #"{"success":false,"message":"Event not found"}"#)
            let id = try #require(item["id"] as? String)
            let camera = try #require(item["camera"] as? String)
            let still = try await frigate.get("/clips/review/thumb-\(camera)-\(id).webp")
            #expect(still.status == 200 && still.contentType == "application/octet-stream")
            #expect(still.body.prefix(2) == Data([0xFF, 0xD8]), "JPEG bytes behind the .webp name")
            #expect(try await frigate.get("/clips/review/thumb-\(camera)-nope.webp").status == 404)
        }
    }

    @Test func recordingsAreContinuousExceptTheirGaps() async throws {
        try await FrigateDemo.with { frigate in
            let now = Date().timeIntervalSince1970
            let answer = try await frigate.get("/api/front_door/recordings?after=\(now - 86_400)&before=\(now)")
            let segments = FrigateDemo.array(answer)
            #expect(segments.count > 7_000, "\(segments.count)")
            #expect(segments.first.map { Set($0.keys) } == ["id", "start_time", "end_time", "segment_size", "motion", "objects",
                                                             "motion_heatmap", "duration"])
            #expect(answer.text.contains(#""duration":10.0"#))
            var gaps: [(Double, Double)] = []
            for (a, b) in zip(segments, segments.dropFirst()) {
                let end = a["end_time"] as? Double ?? 0, start = b["start_time"] as? Double ?? 0
                #expect(end - (a["start_time"] as? Double ?? 0) == 10)
                if start != end { gaps.append((end, start)) }
            }
            #expect(gaps.count == 4 && gaps.allSatisfy { $0.1 - $0.0 == 1_200 }, "\(gaps)")
            #expect(FrigateDemo.array(try await frigate.get("/api/side_gate/recordings?after=\(now - 86_400)&before=\(now)")).isEmpty)

            let gap = try #require(gaps.first)
            let inGap = gap.0 + 600
            let notFound = try await frigate.get("/api/front_door/recordings/\(inGap)/snapshot.jpg")
            #expect(notFound.status == 404)
            #expect(notFound.text == #"{"success":false,"message":"Recording not found at \#(Int(inGap.rounded(.up)))"}"#)
            let snapshot = try await frigate.get("/api/front_door/recordings/\(gap.0 - 5)/snapshot.jpg")
            #expect(snapshot.status == 200 && snapshot.contentType == "image/jpeg")
            #expect(try await frigate.get("/api/front_door/recordings/\(inGap)/snapshot.gif").status == 422)

            let summary = FrigateDemo.array(try await frigate.get("/api/front_door/recordings/summary"))
            #expect(summary.count >= 3)
            let hours = try #require(summary.first?["hours"] as? [[String: Any]])
            #expect(hours.first.map { Set($0.keys) } == ["hour", "events", "motion", "objects", "duration"])
            #expect(summary.first?["day"] as? String != nil && summary.first?["events"] is Int)
        }
    }

    // MARK: vod

    @Test func theVodPlaylistsAreShapedAsNginxVodMakesThem() async throws {
        try await FrigateDemo.with { frigate in
            let (gapStart, gapEnd) = try await frigate.firstGap(camera: "front_door")
            // From inside the third segment before the gap (its start is its keyframe: the whole segment
            // plays) to halfway into the third after it.
            let start = gapStart - 25, end = gapEnd + 25
            let vod = "/vod/front_door/start/\(start)/end/\(end)"
            let index = try await frigate.get("\(vod)/index.m3u8")
            #expect(index.status == 200)
            #expect(index.contentType == "application/vnd.apple.mpegurl")
            #expect(index.headers.first(name: "Cache-Control") == "no-store")
            let lines = index.text.split(separator: "\n").map(String.init)
            #expect(Array(lines.prefix(7)) == ["#EXTM3U", "#EXT-X-TARGETDURATION:10", "#EXT-X-ALLOW-CACHE:YES", "#EXT-X-PLAYLIST-TYPE:VOD",
                                               "#EXT-X-VERSION:6", "#EXT-X-MEDIA-SEQUENCE:1", #"#EXT-X-MAP:URI="init-v1-a1.mp4""#])
            #expect(lines.last == "#EXT-X-ENDLIST")
            let uris = lines.filter { !$0.hasPrefix("#") }
            // 3 segments before the gap, 3 after it (the last cut at `end`): the gap is skipped.
            #expect(uris == (1...6).map { "seg-\($0)-v1-a1.m4s" }, "\(index.text)")
            let durations = lines.filter { $0.hasPrefix("#EXTINF:") }
            #expect(durations == Array(repeating: "#EXTINF:10.000,", count: 5) + ["#EXTINF:5.000,"], "\(durations)")
            #expect(!index.text.contains("#EXT-X-DISCONTINUITY"))

            let master = try await frigate.get("\(vod)/master.m3u8")
            let masterLines = master.text.split(separator: "\n").map(String.init)
            #expect(masterLines.count == 3 && masterLines[2] == "index-v1-a1.m3u8", "\(master.text)")
            #expect(masterLines[1].hasPrefix("#EXT-X-STREAM-INF:PROGRAM-ID=1,BANDWIDTH="))
            #expect(masterLines[1].contains("RESOLUTION=640x360,FRAME-RATE=10.000,CODECS=\"avc1."))
            #expect(try await frigate.get("\(vod)/index-v1-a1.m3u8").text == index.text)

            let initSegment = try await frigate.get("\(vod)/init-v1-a1.mp4")
            #expect(initSegment.status == 200 && initSegment.contentType == "video/mp4")
            #expect(initSegment.body.range(of: Data("edts".utf8)) == nil, "edit lists dropped, as nginx-vod ignores them")
            let segment = try await frigate.get("\(vod)/seg-2-v1-a1.m4s")
            #expect(segment.status == 200 && segment.body.range(of: Data("moof".utf8)) != nil)
            let part = try await frigate.get("\(vod)/seg-2-v1-a1.m4s", headers: [("Range", "bytes=0-99")])
            #expect(part.status == 206)
            #expect(part.headers.first(name: "Content-Range") == "bytes 0-99/\(segment.body.count)")
            #expect(part.body == segment.body.prefix(100))
            #expect(try await frigate.get("\(vod)/seg-7-v1-a1.m4s").status == 404)

            // Inside the gap only: nothing to play.
            let empty = try await frigate.get("/vod/front_door/start/\(gapStart + 60)/end/\(gapStart + 120)/index.m3u8")
            #expect(empty.status == 404 && empty.contentType == "text/html")
            #expect(try await frigate.get("/vod/side_gate/start/\(start)/end/\(end)/index.m3u8").status == 404)
            // Authorised by the JWT only: a token in the query is not looked at.
            let token = try await frigate.token()
            #expect(try await frigate.demo.get("\(vod)/index.m3u8?token=\(token)").status == 401)
            #expect(try await frigate.demo.get("\(vod)/index.m3u8", headers: [("Cookie", "frigate_token=\(token)")]).status == 200)
        }
    }

    @Test(.enabled(if: FFprobe.path != nil && FrigateDemo.ffmpeg != nil))
    func aVodPlaylistPlaysWithContinuousTimestamps() async throws {
        try await FrigateDemo.with { frigate in
            let now = Date().timeIntervalSince1970
            // Half a second into a front_door segment (its grid is on whole 10 s) two hours ago, clear
            // of the gaps, to 59.9 s after that segment's start: 5 whole segments and 9.9 s of a sixth.
            let boundary = (now / 10).rounded(.down) * 10 - 7_200
            let start = boundary + 0.5, end = boundary + 59.9
            let token = try await frigate.token()
            let url = "\(frigate.demo.server.baseURL.absoluteString)/vod/front_door/start/\(start)/end/\(end)/index.m3u8"
            let index = try await frigate.get("/vod/front_door/start/\(start)/end/\(end)/index.m3u8")
            #expect(index.text.components(separatedBy: "#EXTINF").count - 1 == 6, "\(index.text)")
            let header = "Authorization: Bearer \(token)\r\n"
            let packets = try await FFprobe.run(["-v", "error", "-headers", header, "-show_entries", "packet=stream_index,pts,duration",
                                                 "-of", "csv=p=0", url])
            var pts: [Int: [Int]] = [:]
            for line in packets.split(separator: "\n") {
                let fields = line.split(separator: ",")
                guard fields.count >= 2, let stream = Int(fields[0]), let value = Int(fields[1]) else { continue }
                pts[stream, default: []].append(value)
            }
            let video = try #require(pts[0]), audio = try #require(pts[1])
            // 5 × 100 frames and the cut one's 99 or 100 (Frigate's int() of float milliseconds may keep 9.901 s).
            let listed = index.text.split(separator: "\n").filter { $0.hasPrefix("#EXTINF:") }
                .compactMap { Double($0.dropFirst("#EXTINF:".count).dropLast()) }.reduce(0, +)
            #expect(video.count == Int((listed * 10).rounded()), "the playlist's durations are the frames served")
            #expect((599...600).contains(video.count))
            #expect(video.first == 0)
            let videoSteps = Set(zip(video, video.dropFirst()).map { $1 - $0 })
            #expect(videoSteps == [1_024], "video pts continuous across all 6 segments: \(videoSteps)")
            #expect(audio.first == 0)
            #expect(zip(audio, audio.dropFirst()).allSatisfy { (1...2_048).contains($1 - $0) }, "audio moves on without holes")

            let output = FileManager.default.temporaryDirectory.appendingPathComponent("frigate-vod-\(UUID().uuidString).mp4")
            defer { try? FileManager.default.removeItem(at: output) }
            _ = try await FFprobe.runTool(FrigateDemo.ffmpeg!, ["-v", "error", "-headers", header, "-i", url, "-c", "copy", "-y", output.path])
            let duration = try await FFprobe.run(["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", output.path])
            let seconds = try #require(Double(duration.trimmingCharacters(in: .whitespacesAndNewlines)), "\(duration)")
            #expect(abs(seconds - (end - start)) < 10, "\(seconds)")
        }
    }

    // MARK: routing

    @Test func onlyFrigatesPathsAreServed() async throws {
        try await FrigateDemo.with { frigate in
            #expect(frigate.demo.server.flavor == .frigate)
            let events = try await frigate.get("/v1/events")
            #expect(events.status == 404 && events.contentType == "text/html")
            let api = try await frigate.get("/api/nothing/here/at/all")
            #expect(api.status == 404 && api.text == #"{"detail":"Not Found"}"#)
            let method = try await frigate.request(.PUT, "/api/review")
            #expect(method.status == 405 && method.headers.first(name: "Allow") == "GET")
            await frigate.demo.server.faults.failNext(1, status: 503, pathPrefix: "/api/review")
            #expect(try await frigate.get("/api/review").status == 503)
            #expect(try await frigate.get("/api/review").status == 200)
            let log = await frigate.demo.server.requestLog()
            #expect(log.contains { $0.path == "/api/review" && $0.status == 503 && $0.fault != nil })
        }
    }
}
