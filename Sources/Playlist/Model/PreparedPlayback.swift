import Foundation

/// What the player needs to play an event, from ``PlaylistLoader/prepare(_:tokens:)``.
///
/// ```swift
/// let prepared = try await loader.prepare(source, tokens: provider)
/// player.load(MediaSource(url: prepared.url, authorizationToken: prepared.token, isLive: !prepared.isComplete))
/// // when the playback ends:
/// loader.finish(prepared)
/// ```
public struct PreparedPlayback: Sendable {
    /// The event.
    public var eventID: String
    /// Groups this playback's private files in the store (``PlaylistStore/remove(playback:)``).
    public var playbackID: String
    /// What to open: a private `file://` playlist (complete event) or the authorised remote URL (live).
    public var url: URL
    /// The media token; send it as the `Authorization: <token>` header too (mpv `http-header-fields`).
    public var token: String
    /// Complete (ended, or older than 10 minutes): played from private files whose media
    /// playlists end with `#EXT-X-ENDLIST`. False: live, played from the remote URL.
    public var isComplete: Bool
    /// The authorised remote URL of the event's playlist (also for a complete event).
    public var remoteURL: URL
    /// What the rewriter saw in the event's playlist (for a master: the master).
    public var summary: M3U8Summary
    /// Summaries of a master's variant playlists, in the master's order.
    public var variantSummaries: [M3U8Summary]
    /// The private files written (empty for a live event).
    public var files: [URL]
    /// Milliseconds per step.
    public var timings: StartupTimings
    /// Whether the player may send ``token`` as its `Authorization` header. False when the
    /// event's playlist was reached through a redirect (the player opens the target, which carries
    /// its own credential). A private file's URIs carry the token themselves where it may go, so
    /// the player sends no header for one either (``playerToken``).
    public var playerSendsToken = true
    /// The `Authorization` header value the player sends with every request when the credential
    /// is a bearer token (no URI carries it): the private playlists name the origin's URLs as
    /// they are. Nil for the events service's media token.
    public var playerHeader: String?
    /// A complete media playlist with `#EXT-X-DISCONTINUITY`: one playlist per part, in order
    /// (see ``PlaylistParts``); empty otherwise. The player joins them into one timeline.
    public var parts: [Part] = []
    /// The media playlist the player reads from ``url``, when the preparer holds it (the proxy's
    /// cached copy of a complete event's playlist): the player can then start a playlist at any
    /// segment itself (see the Player's `FragmentedPlaylist`). Nil: it reads ``url``.
    public var playlistText: String?
    /// The CA file (`--ca-file`) the player trusts for https media it fetches itself (direct
    /// mode); nil: the system's authorities.
    public var certificateAuthorityFile: String?
    /// An endless feed of pictures (``PlaybackSource/isLiveFeed``): the player plays it with low latency.
    public var isLiveFeed = false

    /// One part of a discontinuous event: where it starts in the event and the playlist of its
    /// segments only (a private file, or a URL of the playback proxy).
    public struct Part: Sendable, Equatable {
        /// Seconds of the event before it.
        public var start: Double
        /// Its playlist.
        public var url: URL

        public init(start: Double, url: URL) {
            self.start = start
            self.url = url
        }
    }

    /// The token for the player's `Authorization` header, or nil to send none: none for a private
    /// file (its URIs carry `Authorization=<token>` where the token may go; a header would follow
    /// every redirect ffmpeg takes, to any host), none after a redirect, none in proxy mode. A
    /// bearer credential (``playerHeader``, Frigate's) has no other way: it is sent whole.
    public var playerToken: String? {
        if let playerHeader { return playerHeader }
        return playerSendsToken && !token.isEmpty && !url.isFileURL ? token : nil
    }

    public init(eventID: String, playbackID: String, url: URL, token: String, isComplete: Bool, remoteURL: URL,
                summary: M3U8Summary = M3U8Summary(), variantSummaries: [M3U8Summary] = [], files: [URL] = [],
                timings: StartupTimings = StartupTimings()) {
        self.eventID = eventID
        self.playbackID = playbackID
        self.url = url
        self.token = token
        self.isComplete = isComplete
        self.remoteURL = remoteURL
        self.summary = summary
        self.variantSummaries = variantSummaries
        self.files = files
        self.timings = timings
    }

    /// True when ``url`` is a local file.
    public var isLocalFile: Bool { url.isFileURL }
}
