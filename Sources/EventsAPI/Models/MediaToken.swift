import Foundation

/// A media token for one retention bucket, from `GET /v1/events/tokens`.
public struct MediaToken: Sendable, Codable, Hashable {
    public var bucket: String
    public var token: String
    public var expiresAt: Date

    public init(bucket: String, token: String, expiresAt: Date) {
        self.bucket = bucket
        self.token = token
        self.expiresAt = expiresAt
    }
}
