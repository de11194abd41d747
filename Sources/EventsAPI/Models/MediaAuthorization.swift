/// How the requests for an event's video (playlists, segments, keys) carry the credential.
///
/// The proxy and the playlist rewriter follow it: the credential goes only to the video's own
/// origin and those its playlists name (docs/network.md), never after a redirect.
public enum MediaAuthorization: String, Sendable, Codable, Hashable {
    /// The events service: the media token of the event's bucket (``MediaToken``), as the
    /// `Authorization` query item and the raw `Authorization` header.
    case bucketToken
    /// The session's token as `Authorization: Bearer <token>`, never in a URL (Frigate's JWT: its
    /// nginx ignores a query token).
    case bearer
    /// The session's token as the `token` query item of each video request (ZoneMinder: it takes
    /// no `Authorization` header, and answers a refused token with its error page, `200 text/html`).
    case queryToken
    /// Nothing: the server needs no credential (Frigate's unauthenticated port).
    case none
}
