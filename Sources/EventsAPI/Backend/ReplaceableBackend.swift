import Foundation
import SystemSupport

/// A backend that stands for another until the server is known: the TUI starts with the backend
/// a failed probe guessed (an https server whose certificate is not trusted yet cannot be probed),
/// and once the user trusted the certificate a probe says which it really is; ``replace(with:)``
/// makes every holder (the TUI, the playback, the media-token cache) talk to that one. Every
/// requirement of ``EventBackend`` is forwarded, those with a default too (a new one must be added here).
///
/// ```swift
/// let backend = ReplaceableBackend(.events, requiresSignIn: true) { kind, requiresSignIn in
///     BackendFactory.make(kind, server: url, pipeline: pipeline, requiresSignIn: requiresSignIn)
/// }
/// backend.become(.frigate, requiresSignIn: true)
/// backend.userPrompt   // "User"
/// ```
public final class ReplaceableBackend: EventBackend {
    /// Makes the backend of a kind (``BackendFactory/make(_:server:pipeline:session:requiresSignIn:sessionDidChange:)``
    /// with the server, pipeline and session saving of the one it replaces).
    public typealias Make = @Sendable (_ kind: BackendKind, _ requiresSignIn: Bool) -> any EventBackend

    private let current: Locked<any EventBackend>
    private let make: Make

    public init(_ kind: BackendKind, requiresSignIn: Bool, make: @escaping Make) {
        self.make = make
        current = Locked(make(kind, requiresSignIn))
    }

    /// From now on everything goes to a backend of `kind` (a new one, signed out), unless it is
    /// that kind already.
    public func become(_ kind: BackendKind, requiresSignIn: Bool) {
        current.withLock { if $0.kind != kind { $0 = make(kind, requiresSignIn) } }
    }

    /// The backend everything goes to now.
    public var backend: any EventBackend { current.withLock { $0 } }

    public var server: URL { backend.server }
    public var kind: BackendKind { backend.kind }
    public var session: Session? { get async { await backend.session } }
    public var requiresSignIn: Bool { get async { await backend.requiresSignIn } }
    public var userPrompt: String { backend.userPrompt }
    public var reviewedOnServer: Bool { backend.reviewedOnServer }
    public var severities: [String] { backend.severities }

    @discardableResult
    public func signIn(user: String, password: String) async throws -> Session {
        try await backend.signIn(user: user, password: password)
    }

    public func events(cursor: String?, limit: Int, filter: EventFilter) async throws -> EventsPage {
        try await backend.events(cursor: cursor, limit: limit, filter: filter)
    }

    public func refreshed(_ event: Event) async throws -> Event { try await backend.refreshed(event) }
    public func event(id: String) async throws -> Event? { try await backend.event(id: id) }
    public func changes(since newest: Date?, filter: EventFilter, inProgress: [Event]) async throws -> EventChanges {
        try await backend.changes(since: newest, filter: filter, inProgress: inProgress)
    }
    public func mediaTokens(refresh: Bool) async throws -> [MediaToken] { try await backend.mediaTokens(refresh: refresh) }
    public func cameras() async throws -> [Camera] { try await backend.cameras() }
    public func cameraGroups() async throws -> [CameraGroup] { try await backend.cameraGroups() }
    public func setReviewed(_ ids: [String], reviewed: Bool) async throws { try await backend.setReviewed(ids, reviewed: reviewed) }

    public func coverage(camera: String, in range: Range<Date>) async throws -> [RecordedSpan]? {
        try await backend.coverage(camera: camera, in: range)
    }

    public func recording(camera: String, in range: Range<Date>) async throws -> Event? {
        try await backend.recording(camera: camera, in: range)
    }

    public func filterValues(cameras: [String]?) async throws -> FilterValues {
        try await backend.filterValues(cameras: cameras)
    }
    public func live(camera: String, quality: LiveQuality) async throws -> Event? {
        try await backend.live(camera: camera, quality: quality)
    }
    public func cameraHealth() async throws -> [CameraHealth]? { try await backend.cameraHealth() }
    public var keepName: String? { backend.keepName }
    public func setKept(_ ids: [String], kept: Bool) async throws { try await backend.setKept(ids, kept: kept) }
    public func details(of event: Event) async throws -> EventDetails { try await backend.details(of: event) }
    public func offersSemanticSearch() async throws -> Bool { try await backend.offersSemanticSearch() }
    public func semanticSearch(_ text: String, filter: EventFilter, limit: Int) async throws -> [Event]? {
        try await backend.semanticSearch(text, filter: filter, limit: limit)
    }
}
