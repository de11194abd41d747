import Foundation

/// The query of `GET /v1/events`: which events, newest first.
///
/// ```swift
/// let filter = EventFilter(camera: "Front Door", since: .now.addingTimeInterval(-86_400))
/// ```
public struct EventFilter: Sendable, Hashable {
    /// Only this camera (exact name).
    public var camera: String?
    /// Only events that started at or after this time.
    public var since: Date?
    /// Only events that started before this time.
    public var until: Date?

    public init(camera: String? = nil, since: Date? = nil, until: Date? = nil) {
        self.camera = camera
        self.since = since
        self.until = until
    }
}
