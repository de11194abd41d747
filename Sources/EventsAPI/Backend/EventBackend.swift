import Foundation

/// A server's API as the rest of eventplayer needs it: sign in, keep and forget the session;
/// cameras; pages of events with filters; reviewed marks; an event's media credential; recorded
/// coverage. The TUI, `play`, `events`, `export`, the timeline and the montage see only this.
///
/// Each backend lives in one folder of this module (`EventsService/`, `Frigate/`, `ZoneMinder/`) and is made by
/// ``BackendFactory``; what a new one needs is the checklist in docs/architecture.md, "Adding a backend".
///
/// ```swift
/// let backend = BackendFactory.make(.frigate, server: url, pipeline: pipeline)
/// try await backend.signIn(user: "admin", password: secret)
/// let page = try await backend.events(cursor: nil, limit: 50, filter: EventFilter(severity: "alert"))
/// ```
public protocol EventBackend: Sendable {
    /// The server's base URL.
    var server: URL { get }
    /// Which API this is.
    var kind: BackendKind { get }
    /// The current session; nil when signed out (or when the server needs none, see ``requiresSignIn``).
    var session: Session? { get async }
    /// False when the server answers without a sign-in (Frigate's unauthenticated port).
    var requiresSignIn: Bool { get async }
    /// What the sign-in form and `login` ask for as the user: "Email" or "User".
    var userPrompt: String { get }
    /// True when reviewed marks are kept on the server (``setReviewed(_:reviewed:)`` writes them
    /// there); false: they stay in the local marks file.
    var reviewedOnServer: Bool { get }
    /// The severities the server files events under, in its order (Frigate: `alert`,
    /// `detection`); empty where it has none (``EventFilter/severity`` is then ignored).
    var severities: [String] { get }

    /// Signs in and keeps the session.
    @discardableResult
    func signIn(user: String, password: String) async throws -> Session

    /// One page of events, newest first; `cursor` is the previous page's `nextCursor`.
    func events(cursor: String?, limit: Int, filter: EventFilter) async throws -> EventsPage

    /// The event as the server has it now: its end time if it ended meanwhile, and video that
    /// reaches the present (a new clip where the video is one cut when it was asked for,
    /// ``InProgressMedia/clipUntilAsked``). A playback asks it at the end of such a clip while the
    /// event is in progress, to play on. Throws when the server no longer has the event.
    func refreshed(_ event: Event) async throws -> Event

    /// Event `id` as the server has it now, where the server answers single events
    /// (ZoneMinder's `GET /api/events/<id>.json`); nil where it does not (callers search the
    /// list). Throws ``EventsAPIError/Code/eventGone`` when the server says it has no such event.
    func event(id: String) async throws -> Event?
    /// What changed near the present, for following the server: the matching events from a
    /// little before `newest` (the newest start the caller has seen; nil: the first page), and
    /// the events `inProgress` as they are now (their end, or gone). One small request or a few;
    /// the default (``EventBackend/changes(since:filter:inProgress:)`` in EventChanges.swift)
    /// reads the first page with `since` and asks for the events in progress by id.
    func changes(since newest: Date?, filter: EventFilter, inProgress: [Event]) async throws -> EventChanges

    /// The media credentials for ``MediaAuthorization/bucketToken`` and ``MediaAuthorization/bearer``
    /// events (a bearer backend answers one token under ``MediaToken/sessionBucket``); `refresh`
    /// after the media server refused the last ones.
    func mediaTokens(refresh: Bool) async throws -> [MediaToken]

    /// The cameras in the server's order (an events service: those its events name).
    func cameras() async throws -> [Camera]

    /// The server's camera groups (none where it has no such notion).
    func cameraGroups() async throws -> [CameraGroup]

    /// Marks events reviewed or not on the server (only when ``reviewedOnServer``).
    func setReviewed(_ ids: [String], reviewed: Bool) async throws

    /// The recorded spans of `camera` (an id) in `range`, oldest first; nil when the server keeps no
    /// such record (the events service: only events are recorded).
    func coverage(camera: String, in range: Range<Date>) async throws -> [RecordedSpan]?

    /// The video of `camera` from `range.lowerBound` to `range.upperBound` as an event to play (the
    /// timeline's Enter on a recorded moment, the montage's tiles); nil where the server has no
    /// continuous recordings.
    func recording(camera: String, in range: Range<Date>) async throws -> Event?

    /// The labels and zones the server offers to filter events by (``EventFilter/labels``,
    /// ``EventFilter/zones``), for `cameras` (names as ``EventFilter/camera`` takes them; nil for
    /// every camera); ``FilterValues/none`` where it has no such notion.
    func filterValues(cameras: [String]?) async throws -> FilterValues

    /// `camera` (an id) live, as an event to play: an endless picture feed (``VideoFormat/liveFeed``)
    /// at `quality` where the server offers one (Frigate's MJPEG, ZoneMinder's nph-zms), the
    /// camera's event in progress where it offers only that (the events service); nil when there
    /// is nothing to show now.
    func live(camera: String, quality: LiveQuality) async throws -> Event?

    /// Each camera's health where the server reports it (``CameraHealth``); nil where it does not.
    func cameraHealth() async throws -> [CameraHealth]?

    /// What keeping an event past the server's retention is called there, as a user reads it
    /// ("retain" on Frigate, "archive" on ZoneMinder); nil where events cannot be kept
    /// (``setKept(_:kept:)`` then throws).
    var keepName: String? { get }

    /// Keeps events past the server's retention, or lets them go (`kept: false`), on the server
    /// (``Event/kept``). Throws the server's refusal as it gave it (a viewer's role, say).
    func setKept(_ ids: [String], kept: Bool) async throws

    /// Everything the server knows about `event` (the detail view): its tracked objects, alarm
    /// frames, further fields. The default is the event alone.
    func details(of event: Event) async throws -> EventDetails

    /// True when the server has a search of its own that ``semanticSearch(_:filter:limit:)`` asks
    /// (Frigate with `semantic_search.enabled` in its config); false where it has none.
    func offersSemanticSearch() async throws -> Bool

    /// The server's own search for `text` (Frigate's semantic search over its tracked objects'
    /// descriptions and thumbnails), the events found most relevant first, at most `limit`; nil
    /// where the server has none turned on (it is then not asked). ``EventSearch`` calls it.
    func semanticSearch(_ text: String, filter: EventFilter, limit: Int) async throws -> [Event]?
}

/// A stretch of continuous recording (``EventBackend/coverage(camera:in:)``).
public struct RecordedSpan: Sendable, Hashable {
    public var start: Date
    public var end: Date
    /// Seconds with motion in it, when the server says.
    public var motion: Double?

    public init(start: Date, end: Date, motion: Double? = nil) {
        self.start = start
        self.end = end
        self.motion = motion
    }
}

extension MediaToken {
    /// The bucket a bearer backend's session token is listed under.
    public static let sessionBucket = "session"
}

extension EventBackend {
    /// No single-event lookup: callers search the list.
    public func event(id: String) async throws -> Event? { nil }

    /// No live view.
    public func live(camera: String, quality: LiveQuality) async throws -> Event? { nil }

    /// No health reports.
    public func cameraHealth() async throws -> [CameraHealth]? { nil }

    /// Events cannot be kept.
    public var keepName: String? { nil }

    /// Events cannot be kept: throws ``EventsAPIError/Code/rejected``.
    public func setKept(_ ids: [String], kept: Bool) async throws {
        throw EventsAPIError(.rejected, "this server cannot keep events past its retention")
    }

    /// The event alone.
    public func details(of event: Event) async throws -> EventDetails { EventDetails(event: event) }

    /// No search of the server's own.
    public func offersSemanticSearch() async throws -> Bool { false }

    /// No search of the server's own: nil.
    public func semanticSearch(_ text: String, filter: EventFilter, limit: Int) async throws -> [Event]? { nil }
}
