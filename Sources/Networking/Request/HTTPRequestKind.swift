/// What a request is for. Filters, headers, timeouts and retries can be set per kind.
///
/// ```swift
/// var request = HTTPRequest(kind: .apiEvents, url: url)
/// if request.kind.isAPI { ... }
/// ```
public enum HTTPRequestKind: String, Sendable, CaseIterable, Codable, Hashable {
    case apiAuth
    case apiEvents
    case apiTokens
    case manifestHlsMaster
    case manifestHlsVariant
    case mediaSegment
    case mediaInit
    case keyHlsAes
    case subtitles
    case thumbnail

    /// True for the events API (`apiAuth`, `apiEvents`, `apiTokens`).
    public var isAPI: Bool {
        switch self {
        case .apiAuth, .apiEvents, .apiTokens: return true
        default: return false
        }
    }

    /// The kind named `name`, compared case-insensitively (`"mediasegment"` is `.mediaSegment`).
    public init?(named name: String) {
        guard let kind = Self.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else {
            return nil
        }
        self = kind
    }
}
