import Foundation

/// FastAPI's part: slowapi's limit on /login, the CSRF middleware, the route table (404
/// `{"detail":"Not Found"}`, 405 with `Allow`), the global admin check, then the route.
extension FrigateRouter {
    private enum Route {
        case version, config, profile, login, logout, firstTimeLogin, stats
        case review, reviewIDs, reviewsViewed, reviewByEvent(String), reviewByID(String), reviewUnviewed(String)
        case events, eventIDs, event(String), eventThumbnail(String, String), eventsSearch, retain(String)
        case subLabels, recognizedPlates
        case allRecordingsSummary, recordings(String), recordingsSummary(String), snapshot(String, String, String)
        case vodMapping(String, String, String)
        case labels
        case mjpegFeed(String), latestFrame(String, String)

        var methods: [String] {
            switch self {
            case .login, .reviewsViewed: ["POST"]
            case .reviewUnviewed: ["DELETE"]
            case .retain: ["POST", "DELETE"]
            default: ["GET"]
            }
        }
    }

    /// Paths the global admin check lets through (auth.py's `require_admin_by_default`).
    private static let exemptPaths: Set<String> = [
        "/auth", "/auth/first_time_login", "/login", "/logout", "/profile", "/profiles", "/", "/version",
        "/config/schema.json", "/metrics", "/stats", "/stats/history", "/config", "/vainfo", "/nvinfo", "/labels",
        "/sub_labels", "/plus/models", "/recognized_license_plates", "/timeline", "/timeline/hourly",
        "/recordings/storage", "/recordings/summary", "/recordings/unavailable", "/go2rtc/streams", "/event_ids",
        "/events", "/cases", "/exports", "/jobs/export",
    ]
    private static let exemptPrefixes = [
        "/logs/", "/review", "/reviews/", "/events/", "/export/", "/go2rtc/streams/", "/users/", "/preview/", "/cases/",
        "/exports/", "/jobs/export/", "/vod/", "/notifications/",
    ]

    /// A request nginx passes to FastAPI, `path` without `/api`.
    func fastAPI(_ request: RequestInfo, path: String, caller: Caller) async -> Reply {
        if path == "/login", let limiter = frigate.limiter,
           let exceeded = await limiter.hit(client: Self.clientAddress(request), now: now) {
            return .frigate(.object([("error", .string("Rate limit exceeded: \(exceeded.description)"))]), status: 429)
        }
        guard FrigateContext.passesCSRF(request) else {
            return .frigate(.object([("success", .bool(false)), ("message", .string("Missing CSRF header"))]), status: 401)
        }
        guard let route = Self.match(path) else { return .fastAPIDetail(404, "Not Found") }
        let method = request.method == "HEAD" ? "GET" : request.method
        guard route.methods.contains(method) else {
            var reply = Reply.fastAPIDetail(405, "Method Not Allowed")
            reply.headers.append(("Allow", route.methods.joined(separator: ", ")))
            return reply
        }
        if needsAdmin(path), caller.role != "admin" {
            return .fastAPIDetail(403, "Access denied. A user with the admin role is required.")
        }
        switch route {
        case .version:
            return Reply(status: 200, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Data(frigate.options.version.utf8))
        case .config: return .frigate(frigate.catalog.configJSON(options: frigate.options))
        case .stats: return stats()
        case .profile:
            return .frigate(.object([("username", .string(caller.user)), ("role", .string(caller.role)),
                                     ("allowed_cameras", .strings(frigate.catalog.cameras.map(\.name)))]))
        case .login: return await login(request)
        case .logout: return logout()
        case .firstTimeLogin: return .frigate(.object([("admin_first_time_login", .bool(false))]))
        case .review: return await review(request, caller: caller)
        case .reviewIDs: return reviewIDs(request)
        case .reviewsViewed: return await reviewsViewed(request, caller: caller)
        case .reviewByEvent(let id): return reviewByEvent(id)
        case .reviewByID(let id): return reviewByID(id)
        case .reviewUnviewed(let id): return await reviewUnviewed(id, caller: caller)
        case .events: return await events(request)
        case .eventIDs: return await eventIDs(request)
        case .event(let id): return await event(id)
        case .eventsSearch: return await eventsSearch(request)
        case .retain(let id): return await retain(id, retained: method == "POST", caller: caller)
        case .subLabels: return subLabels(request)
        case .recognizedPlates: return recognizedPlates(request)
        case .eventThumbnail(let id, let ext): return eventThumbnail(id, extension: ext)
        case .allRecordingsSummary: return allRecordingsSummary(request)
        case .recordings(let camera): return recordings(request, camera: camera)
        case .recordingsSummary(let camera): return recordingsSummary(request, camera: camera)
        case .snapshot(let camera, let time, let format): return snapshot(camera: camera, time: time, format: format)
        case .vodMapping(let camera, let start, let end): return vodMapping(camera: camera, start: start, end: end)
        case .labels: return labels(request)
        case .mjpegFeed(let camera): return mjpegFeed(request, camera: camera)
        case .latestFrame(let camera, let ext): return await latestFrame(request, camera: camera, extension: ext)
        }
    }

    private static func match(_ path: String) -> Route? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { String($0).removingPercentEncoding ?? String($0) }
        switch parts.count {
        case 1:
            switch parts[0] {
            case "version": return .version
            case "config": return .config
            case "profile": return .profile
            case "login": return .login
            case "logout": return .logout
            case "review": return .review
            case "review_ids": return .reviewIDs
            case "events": return .events
            case "event_ids": return .eventIDs
            case "labels": return .labels
            case "sub_labels": return .subLabels
            case "recognized_license_plates": return .recognizedPlates
            case "stats": return .stats
            case let camera where !camera.isEmpty: return .mjpegFeed(camera)
            default: return nil
            }
        case 2:
            switch (parts[0], parts[1]) {
            case ("auth", "first_time_login"): return .firstTimeLogin
            case ("reviews", "viewed"): return .reviewsViewed
            case ("recordings", "summary"): return .allRecordingsSummary
            case ("review", let id) where !id.isEmpty: return .reviewByID(id)
            case ("events", "search"): return .eventsSearch
            case ("events", let id) where !id.isEmpty: return .event(id)
            case (let camera, "recordings") where !camera.isEmpty: return .recordings(camera)
            case (let camera, let file) where file.hasPrefix("latest.") && !camera.isEmpty:
                return .latestFrame(camera, String(file.dropFirst("latest.".count)))
            default: return nil
            }
        case 3:
            switch (parts[0], parts[1], parts[2]) {
            case ("review", "event", let id) where !id.isEmpty: return .reviewByEvent(id)
            case ("review", let id, "viewed") where !id.isEmpty: return .reviewUnviewed(id)
            case ("events", let id, "retain") where !id.isEmpty: return .retain(id)
            case ("events", let id, let file) where file.hasPrefix("thumbnail.") && !id.isEmpty:
                return .eventThumbnail(id, String(file.dropFirst("thumbnail.".count)))
            case (let camera, "recordings", "summary") where !camera.isEmpty: return .recordingsSummary(camera)
            default: return nil
            }
        case 4:
            if parts[1] == "recordings", parts[3].hasPrefix("snapshot."), !parts[0].isEmpty, !parts[2].isEmpty {
                return .snapshot(parts[0], parts[2], String(parts[3].dropFirst("snapshot.".count)))
            }
            return nil
        case 6:
            if parts[0] == "vod", parts[2] == "start", parts[4] == "end", !parts[1].isEmpty {
                return .vodMapping(parts[1], parts[3], parts[5])
            }
            return nil
        default:
            return nil
        }
    }

    private func needsAdmin(_ path: String) -> Bool {
        if Self.exemptPaths.contains(path) || Self.exemptPrefixes.contains(where: { path.hasPrefix($0) }) { return false }
        let first = path.split(separator: "/", maxSplits: 1).first.map(String.init) ?? ""
        return frigate.catalog.camerasByName[first] == nil
    }

    /// The client slowapi keys on: the last `X-Forwarded-For` hop (nginx appends the peer), else one
    /// shared key (the demo does not see the peer address).
    private static func clientAddress(_ request: RequestInfo) -> String {
        request.header("X-Forwarded-For")?.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "direct"
    }

    // MARK: auth routes

    private func login(_ request: RequestInfo) async -> Reply {
        guard let body = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any] else {
            let input: FrigateJSON = request.body.isEmpty ? .null : .string(String(decoding: request.body, as: UTF8.self))
            return FastAPIParameters.validationFailure([request.body.isEmpty
                ? FastAPIParameters.error(type: "missing", loc: ["body"], msg: "Field required", input: input)
                : FastAPIParameters.error(type: "json_invalid", loc: ["body", "0"], msg: "JSON decode error", input: .object([]))])
        }
        var problems: [FrigateJSON] = []
        for field in ["user", "password"] where !(body[field] is String) {
            problems.append(body[field] == nil
                ? FastAPIParameters.error(type: "missing", loc: ["body", field], msg: "Field required", input: .null)
                : FastAPIParameters.error(type: "string_type", loc: ["body", field], msg: "Input should be a valid string", input: .null))
        }
        guard problems.isEmpty, let name = body["user"] as? String, let password = body["password"] as? String else {
            return FastAPIParameters.validationFailure(problems)
        }
        guard frigate.options.requiresAuth else {
            return .frigate(.object([("message", .string("Authentication is disabled"))]), status: 404)
        }
        guard let user = frigate.users.first(where: { $0.name == name }), user.password == password else {
            return .frigate(.object([("message", .string("Login failed"))]), status: 401)
        }
        let cookie = await frigate.issueCookie(user: user.name, role: user.role, now: Int(now.timeIntervalSince1970),
                                               generation: plan.accessGeneration)
        return Reply(status: 200, headers: [("Set-Cookie", cookie)], body: Data())
    }

    /// GET /logout: 303 to /login, the cookie deleted as Starlette's `delete_cookie` writes it.
    private func logout() -> Reply {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let cookie = "frigate_token=\"\"; expires=\(formatter.string(from: now)); Max-Age=0; Path=/; SameSite=lax"
        return Reply(status: 303, headers: [("Location", "/login"), ("Set-Cookie", cookie)], body: Data())
    }
}
