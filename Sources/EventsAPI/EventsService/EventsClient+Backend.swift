import Foundation

/// The events service as an ``EventBackend``: bucket media tokens, reviewed marks kept locally,
/// no camera list or recordings of its own (the cameras are those its events name).
extension EventsClient: EventBackend {
    public nonisolated var kind: BackendKind { .events }
    public var requiresSignIn: Bool { true }
    public nonisolated var userPrompt: String { "Email" }
    public nonisolated var reviewedOnServer: Bool { false }
    public nonisolated var severities: [String] { [] }

    @discardableResult
    public func signIn(user: String, password: String) async throws -> Session {
        try await signIn(email: user, password: password)
    }

    public func mediaTokens(refresh: Bool) async throws -> [MediaToken] {
        try await tokens()
    }

    public func cameras() async throws -> [Camera] { [] }

    public func cameraGroups() async throws -> [CameraGroup] { [] }

    public func setReviewed(_ ids: [String], reviewed: Bool) async throws {}

    public func coverage(camera: String, in range: Range<Date>) async throws -> [RecordedSpan]? { nil }

    public func recording(camera: String, in range: Range<Date>) async throws -> Event? { nil }

    /// The service has no camera feed: `camera`'s event in progress (its growing playlist, played
    /// as any event in progress), the newest when several are; nil when none is. One request:
    /// the camera's events of the last ``Event/liveWindow``. `quality` does not apply.
    public func live(camera: String, quality: LiveQuality) async throws -> Event? {
        let now = Date()
        let filter = EventFilter(camera: camera, since: now.addingTimeInterval(-Event.liveWindow))
        let page = try await events(cursor: nil, limit: 20, filter: filter)
        return page.events.filter { $0.isLive(at: now) }.max { $0.startTime < $1.startTime }
    }

    /// The events service files events by camera and bucket only: no labels or zones.
    public func filterValues(cameras: [String]?) async throws -> FilterValues { .none }

    /// The service's own fields of an event (it has no objects or scores): its id, camera, title
    /// and retention bucket, as the event lists them (no request). The video and thumbnail URLs
    /// are left out: they may carry a media token.
    public func details(of event: Event) async throws -> EventDetails {
        var fields = [EventDetails.Field(name: "ID", value: event.id), EventDetails.Field(name: "Camera", value: event.cameraName)]
        if let title = event.title, !title.isEmpty { fields.append(EventDetails.Field(name: "Title", value: title)) }
        fields.append(EventDetails.Field(name: "Retention bucket", value: event.bucket))
        return EventDetails(event: event, fields: fields)
    }
}
