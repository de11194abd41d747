import Foundation

/// What the player plays: a URL (a private `file://` playlist or a remote one) and the media
/// token that authorises its requests.
///
/// The token is sent as the `Authorization: <token>` header on every media request mpv makes
/// (playlists, segments, init segments, keys). A `file://` playlist written by the Playlist
/// module already carries the token in its URIs as well; the header covers live playback of a
/// remote URL.
///
/// ```swift
/// let source = MediaSource(url: prepared.url, authorizationToken: prepared.token, isLive: !prepared.isComplete)
/// try player.load(source)
/// ```
public struct MediaSource: Sendable, Equatable {
    /// The playlist (or any media) URL mpv opens.
    public var url: URL
    /// The bucket's media token, sent as `Authorization: <token>` (raw, no "Bearer"); nil sends none.
    public var authorizationToken: String?
    /// True for an event still being recorded: its playlist grows and has no `#EXT-X-ENDLIST` yet.
    public var isLive: Bool
    /// Where the media really comes from, named in messages ("the server at HOST:PORT sent
    /// nothing…") when ``url`` is a loopback proxy; nil: ``url``'s own host (or the first URI of a
    /// local playlist).
    public var origin: URL?
    /// A complete event cut at its discontinuities (a camera that reconnected): each part's own
    /// playlist, in order. The player joins them into one timeline (mpv's EDL), so positions,
    /// the duration and seeks are the whole event's; ``url`` still names the event. Empty: play
    /// ``url`` as it is.
    public var parts: [Part] = []
    /// The text of the media playlist at ``url`` when the preparer holds it (the loopback proxy's
    /// copy of a complete playlist, URIs absolute): an fMP4 playlist is then started at a
    /// position's segment the way a private file is, never by a seek lavf performs.
    public var playlistText: String?
    /// A PEM file of certificate authorities mpv trusts for https media instead of the system's
    /// (`--ca-file`); nil: the system's. mpv always checks the certificate and its names.
    public var certificateAuthorityFile: String?
    /// An endless feed of JPEG pictures (a camera live, `multipart/x-mixed-replace`): played with
    /// low latency (no cache, each picture shown as it arrives, a small probe), never sought, no end expected.
    public var isLiveFeed = false

    /// One part of a discontinuous event.
    public struct Part: Sendable, Equatable {
        /// Seconds of the event before it.
        public var start: Double
        /// Its playlist (a private file or a URL).
        public var url: URL

        public init(start: Double, url: URL) {
            self.start = start
            self.url = url
        }
    }

    public init(url: URL, authorizationToken: String? = nil, isLive: Bool = false, origin: URL? = nil) {
        self.url = url
        self.authorizationToken = authorizationToken
        self.isLive = isLive
        self.origin = origin
    }
}
