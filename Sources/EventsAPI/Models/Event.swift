import Foundation

/// One recorded camera event: an events-service event (`GET /v1/events`) or an NVR's review item
/// (Frigate), as the backend (``EventBackend``) maps it.
///
/// ```swift
/// let event = page.events[0]
/// print(event.cameraName, event.duration ?? 0, event.isLive(at: .now))
/// ```
public struct Event: Sendable, Codable, Hashable, Identifiable {
    public var id: String
    /// The camera as people read it (Frigate: its `friendly_name`, else its name).
    public var cameraName: String
    public var title: String?
    public var startTime: Date
    /// Nil while the event is still being recorded.
    public var endTime: Date?
    /// The list's class column: the retention bucket on the events service (it also selects which
    /// media token authorises the video), the severity (`alert`, `detection`) on Frigate.
    public var bucket: String
    /// The video: an HLS playlist (it may carry a stale `Authorization` query item), or one file
    /// (``videoFormat``).
    public var videoUrl: URL
    public var thumbnailUrl: URL?
    /// The camera's name in the backend's API when it differs from ``cameraName`` (Frigate's
    /// `front_door` for "Front Door"); nil: the same.
    public var cameraID: String?
    /// What was seen (Frigate: the review item's objects and audio labels).
    public var labels: [String]?
    /// Zones the objects entered (Frigate).
    public var zones: [String]?
    /// Reviewed on the server (Frigate marks per user); nil where the server has no such notion
    /// and the marks stay local (``EventBackend/reviewedOnServer``).
    public var serverReviewed: Bool?
    /// How sure the server is of what it saw, 0 to 100, where it scores events (ZoneMinder's
    /// `MaxScore`); nil elsewhere.
    public var score: Int?
    /// What the server's generative model wrote about the event (Frigate's GenAI review
    /// metadata); nil where there is none. Its title, when present, is the row's title.
    public var description: EventDescription?
    /// Recognised faces and other sub-labels of the objects in it (Frigate).
    public var subLabels: [String]?
    /// Recognised licence plates (Frigate's `recognized_license_plate`).
    public var plates: [String]?
    /// Kept past the server's retention (Frigate retains, ZoneMinder archives); nil where the
    /// server has no such notion (``EventBackend/keepName``).
    public var kept: Bool?
    /// How the video's requests are authorised; not part of the JSON (the backend sets it).
    public var authorization: MediaAuthorization = .bucketToken
    /// How the video behaves while the event is in progress; not part of the JSON (the backend sets it).
    public var inProgressMedia: InProgressMedia = .growingPlaylist
    /// What ``videoUrl`` is; not part of the JSON (the backend sets it).
    public var videoFormat: VideoFormat = .hls

    enum CodingKeys: String, CodingKey {
        case id, cameraName, title, startTime, endTime, bucket, videoUrl, thumbnailUrl, cameraID, labels, zones, serverReviewed
        case score, description, subLabels, plates, kept
    }

    public init(id: String, cameraName: String, title: String? = nil, startTime: Date, endTime: Date? = nil,
                bucket: String, videoUrl: URL, thumbnailUrl: URL? = nil) {
        self.id = id
        self.cameraName = cameraName
        self.title = title
        self.startTime = startTime
        self.endTime = endTime
        self.bucket = bucket
        self.videoUrl = videoUrl
        self.thumbnailUrl = thumbnailUrl
    }

    /// Seconds from start to end, or nil while live.
    public var duration: TimeInterval? {
        endTime.map { $0.timeIntervalSince(startTime) }
    }

    /// The camera's name in the backend's API (``cameraID``, else ``cameraName``).
    public var camera: String { cameraID ?? cameraName }

    /// How long an event without an end may still be recording (docs/playback.md: after this it is complete).
    public static let liveWindow: TimeInterval = 600

    /// True when the video is a clip cut when it was asked for and the event is still in progress:
    /// playing on past the clip's end means asking the backend again (``EventBackend/refreshed(_:)``).
    public var isCutWhileInProgress: Bool {
        endTime == nil && inProgressMedia == .clipUntilAsked
    }

    /// True while the event may still grow: no end time and started less than ten minutes ago.
    public func isLive(at now: Date) -> Bool {
        endTime == nil && now.timeIntervalSince(startTime) <= Self.liveWindow
    }
}
