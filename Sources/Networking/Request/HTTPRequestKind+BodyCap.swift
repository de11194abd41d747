extension HTTPRequestKind {
    /// The largest body the collected path (``NetworkPipeline/send(_:)``) accepts for this kind, in
    /// bytes. A longer body fails the request at once with a "larger than" error and is not
    /// retried: a body over its cap is not a transient failure, and each retry would download it
    /// again. Streamed bodies (``NetworkPipeline/stream(_:)``, media through the playback proxy)
    /// are never collected, so no cap applies to them.
    ///
    /// - Playlists: 64 MiB, the cap of the playlist rewriter (`M3U8Rewriter.Limits`).
    /// - Events API answers: 16 MiB (a page of 500 events is about 250 KB).
    /// - Keys: 64 KiB (an AES-128 key is 16 bytes).
    /// - Thumbnails and subtitles: 32 MiB.
    /// - Media segments and init segments (exports collect them): 256 MiB.
    ///
    /// ```swift
    /// HTTPRequestKind.manifestHlsVariant.maxBodyBytes   // 67_108_864
    /// ```
    public var maxBodyBytes: Int {
        switch self {
        case .manifestHlsMaster, .manifestHlsVariant: return 64 << 20
        case .apiAuth, .apiEvents, .apiTokens: return 16 << 20
        case .keyHlsAes: return 64 << 10
        case .thumbnail, .subtitles: return 32 << 20
        case .mediaSegment, .mediaInit: return 256 << 20
        }
    }

    /// What a body of this kind is, for messages: "playlist", "answer", "key"...
    var bodyNoun: String {
        switch self {
        case .manifestHlsMaster, .manifestHlsVariant: return "playlist"
        case .apiAuth, .apiEvents, .apiTokens: return "server's answer"
        case .keyHlsAes: return "key"
        case .thumbnail: return "thumbnail"
        case .subtitles: return "subtitle file"
        case .mediaSegment: return "media segment"
        case .mediaInit: return "init segment"
        }
    }
}

/// A size in bytes as a user reads it: "64 MiB", "64 KiB", "300 bytes".
func byteSize(_ bytes: Int) -> String {
    if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
    if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
    return "\(bytes) bytes"
}
