import Foundation

/// One recorded camera event, as `GET /v1/events` returns it.
///
/// ```swift
/// let event = page.events[0]
/// print(event.cameraName, event.duration ?? 0, event.isLive(at: .now))
/// ```
public struct Event: Sendable, Codable, Hashable, Identifiable {
    public var id: String
    public var cameraName: String
    public var title: String?
    public var startTime: Date
    /// Nil while the event is still being recorded.
    public var endTime: Date?
    /// The retention bucket; selects which media token authorises the video.
    public var bucket: String
    /// The HLS playlist. May carry a stale `Authorization` query item.
    public var videoUrl: URL
    public var thumbnailUrl: URL?

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

    /// How long an event without an end may still be recording (docs/playback.md: after this it is complete).
    public static let liveWindow: TimeInterval = 600

    /// True while the event may still grow: no end time and started less than ten minutes ago.
    public func isLive(at now: Date) -> Bool {
        endTime == nil && now.timeIntervalSince(startTime) <= Self.liveWindow
    }
}
