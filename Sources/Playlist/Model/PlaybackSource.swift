import Foundation

/// What the playlist layer needs to know about an event to play it.
///
/// The App builds one from an events-API `Event`:
/// ```swift
/// let source = PlaybackSource(eventID: event.id, videoURL: event.videoUrl, bucket: event.bucket,
///                             startTime: event.startTime, endTime: event.endTime)
/// ```
public struct PlaybackSource: Sendable, Equatable {
    /// The event's id (used in messages and for the private files' bookkeeping).
    public var eventID: String
    /// The event's `videoUrl`, as the API gave it (it may carry a stale `Authorization` query item).
    public var videoURL: URL
    /// The storage bucket whose media token authorises the video, e.g. `"30-days"` (a bearer
    /// backend's session token is listed as the bucket `"session"`).
    public var bucket: String
    /// When the event started.
    public var startTime: Date
    /// When it ended; `nil` while it is still going on.
    public var endTime: Date?
    /// Where its requests carry the credential (the events service's query token by default).
    public var credential: CredentialPlacement = .queryAndHeader
    /// The origin's playlist is a closed clip cut at the time it was asked for (Frigate's vod of
    /// an item in progress ends with `#EXT-X-ENDLIST`): it plays as complete (``EndListPolicy``),
    /// and the playback asks for a new clip at its end while the event goes on.
    public var isClipCutWhenAsked = false
    /// The video is one file read with range requests (ZoneMinder's MP4), not an HLS playlist:
    /// nothing to fetch or rewrite before playing, and the player opens it as it is.
    public var isFile = false
    /// The video is an endless feed of pictures (a camera live): like ``isFile`` passed through
    /// as it is, but its first bytes are not asked for before playing (the answer never ends).
    public var isLiveFeed = false

    public init(eventID: String, videoURL: URL, bucket: String, startTime: Date, endTime: Date?) {
        self.eventID = eventID
        self.videoURL = videoURL
        self.bucket = bucket
        self.startTime = startTime
        self.endTime = endTime
    }
}
