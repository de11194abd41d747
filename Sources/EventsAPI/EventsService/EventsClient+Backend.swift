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

    /// The events service files events by camera and bucket only: no labels or zones.
    public func filterValues(cameras: [String]?) async throws -> FilterValues { .none }
}
