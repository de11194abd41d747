import Foundation

/// The parameters of `GET /v1/events`, validated.
struct EventQuery: Sendable {
    static let defaultLimit = 50
    static let maxLimit = 500

    var limit = defaultLimit
    var cursor: EventCursor?
    var camera: String?
    /// Inclusive lower bound on `startTime`.
    var since: Date?
    /// Exclusive upper bound on `startTime`.
    var until: Date?

    /// Parses the query; a failure is the 400 reply to send.
    static func parse(_ request: RequestInfo) -> Result<EventQuery, ReplyError> {
        var query = EventQuery()
        if let raw = request.queryValue("limit") {
            guard let limit = Int(raw), limit >= 1 else {
                return .failure(.init(.error(400, "invalid_parameter", "limit must be a whole number from 1 to \(maxLimit), not \"\(raw)\".")))
            }
            query.limit = min(limit, maxLimit)
        }
        if let raw = request.queryValue("cursor"), !raw.isEmpty {
            guard let cursor = EventCursor(encoded: raw) else {
                return .failure(.init(.error(400, "invalid_cursor", "cursor is not one this server issued; start again without it.")))
            }
            query.cursor = cursor
        }
        if let camera = request.queryValue("camera"), !camera.isEmpty { query.camera = camera }
        for name in ["since", "until"] {
            guard let raw = request.queryValue(name), !raw.isEmpty else { continue }
            guard let date = ISO8601.parse(raw) else {
                return .failure(.init(.error(400, "invalid_parameter", "\(name) must be an ISO 8601 time such as 2026-01-31T12:00:00Z, not \"\(raw)\".")))
            }
            if name == "since" { query.since = date } else { query.until = date }
        }
        return .success(query)
    }

    func matches(_ event: DemoEvent) -> Bool {
        if let camera, event.cameraName != camera { return false }
        if let since, event.startTime < since { return false }
        if let until, event.startTime >= until { return false }
        return true
    }
}

/// A reply carried as an error (for `Result`).
struct ReplyError: Error {
    let reply: Reply
    init(_ reply: Reply) { self.reply = reply }
}

/// ISO 8601 in UTC: written without fractions, read with or without them and with any offset.
enum ISO8601 {
    static func format(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!))
    }

    static func parse(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }
}
