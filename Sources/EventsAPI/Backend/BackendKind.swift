/// Which API a server speaks: the events service's or an NVR's. Chosen per server with
/// `--backend` or `backend` in config.toml, detected at `login` when `auto`
/// (``BackendDetector``), and kept with the session.
public enum BackendKind: String, Sendable, Codable, CaseIterable {
    /// The events service (`/v1/events`).
    case events
    /// Frigate NVR (`/api/review`, `/vod/…`).
    case frigate
    /// ZoneMinder NVR (`/zm/api/…`, each event's MP4).
    case zoneminder

    /// As a person reads it.
    public var displayName: String {
        switch self {
        case .events: "events service"
        case .frigate: "Frigate"
        case .zoneminder: "ZoneMinder"
        }
    }
}

/// `--backend` and `backend` in config.toml: a kind, or `auto` (detect it).
public enum BackendChoice: Sendable, Hashable {
    case auto
    case kind(BackendKind)

    /// `auto`, `events`, `frigate` or `zoneminder`; nil for anything else.
    public init?(rawValue: String) {
        if rawValue == "auto" { self = .auto; return }
        guard let kind = BackendKind(rawValue: rawValue) else { return nil }
        self = .kind(kind)
    }

    /// Every value the flag and the config accept.
    public static let names = ["auto"] + BackendKind.allCases.map(\.rawValue)
}
