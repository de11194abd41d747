import Foundation

/// An event's media playlist as a list of URIs to fetch, from
/// ``PlaylistLoader/mediaListing(_:tokens:)``: for a master, its best variant (highest `BANDWIDTH`)
/// and, when the variant's audio is a separate rendition (`#EXT-X-MEDIA:TYPE=AUDIO,URI=…`), that
/// rendition's media playlist.
///
/// ```swift
/// let listing = try await loader.mediaListing(source, tokens: provider)
/// for segment in listing.inventory.segments { /* GET segment.uri with header Authorization: listing.token */ }
/// ```
public struct MediaListing: Sendable {
    /// The media token the URIs carry; send it as the `Authorization` header too.
    public var token: String
    /// The authorised URL of the media playlist read (a master's chosen variant).
    public var playlistURL: URL
    /// What it names.
    public var inventory: M3U8Inventory
    /// The master's inventory when the event's playlist was one (its variants and bandwidths).
    public var master: M3U8Inventory?
    /// What the chosen variant's separate audio rendition names, when it has one.
    public var audio: M3U8Inventory?
    /// The `Authorization` header to send with the URIs of `origin`'s scheme, host and port (a
    /// bearer token, which no URI carries); nil when the URIs carry the token themselves.
    public var header: OriginHeader?

    public init(token: String, playlistURL: URL, inventory: M3U8Inventory, master: M3U8Inventory? = nil,
                audio: M3U8Inventory? = nil) {
        self.token = token
        self.playlistURL = playlistURL
        self.inventory = inventory
        self.master = master
        self.audio = audio
    }
}
