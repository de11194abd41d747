/// What a request is for. Filters, headers, timeouts and retries can be set per kind.
///
/// ```swift
/// var request = HTTPRequest(kind: .apiEvents, url: url)
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
}
