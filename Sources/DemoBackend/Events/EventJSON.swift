import Foundation

/// An event as the API writes it (`endTime` is always present, `null` while live).
struct EventJSON: Encodable, Sendable {
    let id: String
    let cameraName: String
    let title: String?
    let startTime: String
    let endTime: String?
    let bucket: String
    let videoUrl: String
    let thumbnailUrl: String?

    enum CodingKeys: String, CodingKey {
        case id, cameraName, title, startTime, endTime, bucket, videoUrl, thumbnailUrl
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(cameraName, forKey: .cameraName)
        try c.encodeIfPresent(title, forKey: .title)
        try c.encode(startTime, forKey: .startTime)
        try c.encode(endTime, forKey: .endTime)
        try c.encode(bucket, forKey: .bucket)
        try c.encode(videoUrl, forKey: .videoUrl)
        try c.encodeIfPresent(thumbnailUrl, forKey: .thumbnailUrl)
    }
}

/// `{events, nextCursor}` with `nextCursor` always present.
struct EventPageJSON: Encodable, Sendable {
    let events: [EventJSON]
    let nextCursor: String?

    enum CodingKeys: String, CodingKey { case events, nextCursor }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(events, forKey: .events)
        try c.encode(nextCursor, forKey: .nextCursor)
    }
}

/// `{tokens:[{bucket, token, expiresAt}]}`.
struct TokensJSON: Encodable, Sendable {
    struct Token: Encodable, Sendable {
        let bucket: String
        let token: String
        let expiresAt: String
    }

    let tokens: [Token]
}
