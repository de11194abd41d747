import Foundation

/// An event's `videoUrl` authorised with its bucket's media token (docs/playback.md): every
/// `Authorization` query item removed, the other items kept in order, `Authorization=<token>`
/// (percent-encoded) added; the fragment is kept.
///
/// ```swift
/// let url = try PlaybackURL(videoURL: URL(string: "https://www.example.com/video.m3u8")!,
///                           bucket: "180-days", tokens: BucketTokens(["180-days": "123123123123123"])).url
/// // https://www.example.com/video.m3u8?Authorization=123123123123123
/// ```
public struct PlaybackURL: Sendable, Equatable {
    /// The authorised URL.
    public let url: URL
    /// The token it carries.
    public let token: String

    /// Authorises `videoURL` with `token`.
    /// - Throws: ``M3U8Error`` (`.invalidPlaylistURL`) when `videoURL` is not an absolute http(s) URL.
    public init(videoURL: URL, token: String) throws(M3U8Error) {
        let bytes = Array(videoURL.absoluteString.utf8)
        let authorization = URIBytes.authorizationItem(token: token)
        let text: String = try bytes.withUnsafeBufferPointer { (buffer) throws(M3U8Error) -> String in
            let parts = try M3U8Rewriter.parseBase(buffer)
            let p = buffer.baseAddress!
            var out = OutputBuffer(capacity: buffer.count + authorization.count + 16)
            defer { out.release() }
            URIBytes.mustEncode.withUnsafeBufferPointer { table in
                out.append(p, parts.path.upperBound)   // scheme, authority and path as they are
                out.appendAuthorizedQuery(p, parts.query, authorization: authorization, table: table.baseAddress!)
                if let fragment = parts.fragment {
                    out.append(URIBytes.hash)
                    out.appendEncoded(p, fragment.lowerBound, fragment.upperBound, table: table.baseAddress!)
                }
            }
            return String(decoding: out.bytes, as: UTF8.self)
        }
        guard let url = URL(string: text) else {
            throw M3U8Error(.invalidPlaylistURL(videoURL.absoluteString), line: 0)
        }
        self.url = url
        self.token = token
    }

    /// Authorises `videoURL` with the token of `bucket`.
    /// - Throws: ``MissingBucketTokenError`` naming the bucket, or ``M3U8Error`` for a bad URL.
    public init(videoURL: URL, bucket: String, tokens: BucketTokens) throws {
        try self.init(videoURL: videoURL, token: try tokens.token(forBucket: bucket))
    }
}
