/// How long one attempt of a request may take, in seconds.
///
/// ```swift
/// var configuration = NetworkConfiguration()
/// configuration.timeouts[.mediaSegment] = RequestTimeouts(connect: 5, request: 90)
/// ```
public struct RequestTimeouts: Sendable, Equatable {
    /// Establishing the connection (TCP + TLS).
    public var connect: Double
    /// A collected body (``NetworkPipeline/send(_:)``: API calls, playlists, keys, export
    /// pieces): the whole attempt, from send to the last byte of the body, however the bytes
    /// trickle in. A streamed body (``NetworkPipeline/stream(_:)``: media through the playback
    /// proxy): the head, then a pace of at least 16 KiB every `request` seconds (``BodyPace``),
    /// since a streamed body lives as long as the player reads it.
    public var request: Double

    public init(connect: Double = 10, request: Double = 30) {
        self.connect = connect
        self.request = request
    }

    /// The built-in defaults: 10 s to connect; 30 s for API calls and init segments,
    /// 20 s for playlists and subtitles, 60 s for media segments, 15 s for keys and thumbnails.
    public static func defaults(for kind: HTTPRequestKind) -> RequestTimeouts {
        switch kind {
        case .apiAuth, .apiEvents, .apiTokens, .mediaInit: return RequestTimeouts(connect: 10, request: 30)
        case .manifestHlsMaster, .manifestHlsVariant, .subtitles: return RequestTimeouts(connect: 10, request: 20)
        case .mediaSegment: return RequestTimeouts(connect: 10, request: 60)
        case .keyHlsAes, .thumbnail: return RequestTimeouts(connect: 10, request: 15)
        }
    }
}
