import Foundation

/// Which events, newest first: the query every backend answers (``EventBackend/events(cursor:limit:filter:)``).
/// A backend without a notion (the events service has no severity) ignores it.
///
/// ```swift
/// let filter = EventFilter(camera: "Front Door", since: .now.addingTimeInterval(-86_400))
/// ```
public struct EventFilter: Sendable, Hashable {
    /// Only this camera (its name as shown, or its id in the API).
    public var camera: String?
    /// Only events that started at or after this time.
    public var since: Date?
    /// Only events that started before this time.
    public var until: Date?
    /// Only these cameras (a camera group); nil or empty: every camera.
    public var cameras: [String]?
    /// Only this severity (Frigate: `alert` or `detection`).
    public var severity: String?
    /// Only events with one of these labels (Frigate's objects: `person`, `car`).
    public var labels: [String]?
    /// Only events in one of these zones (Frigate).
    public var zones: [String]?
    /// Only reviewed (true) or unreviewed (false) events, where the server keeps the marks.
    public var reviewed: Bool?
    /// Only events whose text matches, case-insensitively: title, description, labels, zones,
    /// sub-labels, plates, camera (``EventSearch``).
    public var search: String?
    /// Only events with this sub-label (a recognised face, Frigate).
    public var subLabel: String?
    /// Only events with this recognised licence plate (Frigate).
    public var plate: String?
    /// Only events the server scored at least this (ZoneMinder's `MaxScore`).
    public var minScore: Int?
    /// Only events whose generative description rates the threat at least this (Frigate, 0–2).
    public var minThreat: Int?
    /// Only kept (retained, archived) events (true) or only others (false).
    public var kept: Bool?

    public init(camera: String? = nil, since: Date? = nil, until: Date? = nil, cameras: [String]? = nil,
                severity: String? = nil, labels: [String]? = nil, zones: [String]? = nil, reviewed: Bool? = nil) {
        self.camera = camera
        self.since = since
        self.until = until
        self.cameras = cameras
        self.severity = severity
        self.labels = labels
        self.zones = zones
        self.reviewed = reviewed
    }
}

extension EventFilter {
    /// The severity word for events whose generative description rates the threat 1 or more
    /// (Frigate's GenAI review metadata): ``minThreat`` 1.
    public static let threat = "threat"
    /// The severity word for events the server scored (ZoneMinder's alarm frames): ``minScore`` 1.
    public static let alarmed = "alarmed"
    /// The severity word for events kept past the server's retention: ``kept``.
    public static let keptWord = "kept"

    /// Sets what `--severity` and the TUI's `s` choose: one of the server's own severities
    /// (``severity``), ``threat`` or ``alarmed``; nil: every event.
    public mutating func setSeverity(_ word: String?) {
        switch word {
        case Self.threat?: severity = nil; minThreat = 1
        case Self.alarmed?: severity = nil; minScore = 1
        case Self.keptWord?: severity = nil; kept = true
        default: severity = word
        }
    }

    /// What `--severity` and `s` offer on a server of `kind` that files events under `severities`:
    /// those, then ``threat`` and ``keptWord`` on Frigate; ``alarmed`` and ``keptWord`` on
    /// ZoneMinder; none on the events service.
    public static func severityChoices(kind: BackendKind, severities: [String]) -> [String] {
        switch kind {
        case .frigate: severities + [threat, keptWord]
        case .zoneminder: [alarmed, keptWord]
        default: severities
        }
    }

    /// The events a severity word selects, for a sentence: "alerts", "threats", "alarmed events".
    public static func severityNoun(_ word: String) -> String {
        word == alarmed ? "alarmed events" : word == keptWord ? "kept events" : word + "s"
    }
}
