import Foundation

/// An answer before it becomes a Hummingbird `Response`, so faults can rewrite it.
struct Reply: Sendable {
    var status: Int
    var headers: [(name: String, value: String)] = []
    var body = Data()
    /// An endless body written after `body` (no Content-Length): Frigate's MJPEG feed.
    var stream: ReplyStream? = nil

    var contentType: String? {
        headers.first { $0.name.lowercased() == "content-type" }?.value
    }

    static func json(_ value: some Encodable, status: Int = 200) -> Reply {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return Reply(status: status, headers: [("Content-Type", "application/json; charset=utf-8")], body: body)
    }

    /// `{"error":{"code":…,"message":…}}` with `status`.
    static func error(_ status: Int, _ code: String, _ message: String) -> Reply {
        json(ErrorBody(error: .init(code: code, message: message)), status: status)
    }

    static func data(_ body: Data, contentType: String) -> Reply {
        Reply(status: 200, headers: [("Content-Type", contentType), ("Cache-Control", "no-store")], body: body)
    }
}

/// A body without end: `part(n)` for n = 0, 1, 2, … each written `interval` after the last
/// (the first after one `interval`, as Frigate's `imagestream` sleeps before each frame), until
/// the client goes away.
struct ReplyStream: Sendable {
    let interval: Duration
    let part: @Sendable (Int) async -> Data
}

/// The API's error shape.
struct ErrorBody: Codable, Sendable {
    struct Detail: Codable, Sendable {
        let code: String
        let message: String
    }

    let error: Detail
}
