import Foundation
import Networking

extension PlaylistLoader {
    /// Fetches an event's playlist (a master's best variant: highest `BANDWIDTH`, and its separate
    /// audio rendition if any) and lists its segments and init segment, authorised with the
    /// bucket's token. Nothing is stored. A 401/403
    /// fetches fresh tokens once and starts over, as ``prepare(_:tokens:)`` does.
    /// - Throws: ``PlaylistLoadError`` (its message says "cannot export").
    ///
    /// ```swift
    /// let listing = try await loader.mediaListing(source, tokens: provider)
    /// print(listing.inventory.segments.count, listing.inventory.summary.totalDuration)
    /// ```
    public func mediaListing(_ source: PlaybackSource, tokens provider: any PlaybackTokenProvider,
                             refresh: Bool = false) async throws -> MediaListing {
        var refresh = refresh
        while true {
            do {
                let token: String
                do {
                    token = source.credential == .none ? "" : try await provider.tokens(refresh: refresh).token(forBucket: source.bucket)
                } catch {
                    throw PlaylistLoadError(.tokens, eventID: source.eventID, error)
                }
                return try await listing(source, token: token)
            } catch var error as PlaylistLoadError {
                if error.isUnauthorized && !refresh { refresh = true; continue }
                error.action = "export"
                throw error
            }
        }
    }

    func listing(_ source: PlaybackSource, token: String) async throws -> MediaListing {
        if source.isFile { return try await fileListing(source, token: token) }
        let id = source.eventID
        // The events service's token goes in the URIs; a bearer token only in the header, which
        // the listing names for the playlist's own origin (``MediaListing/header``).
        let inURIs = source.credential == .queryAndHeader
        let header = source.credential.headerValue(token)
        let url: URL
        do { url = inURIs ? try PlaybackURL(videoURL: source.videoURL, token: token).url : source.videoURL } catch {
            throw PlaylistLoadError(.url, eventID: id, error)
        }
        // URIs resolve against the URL that answered; a playlist reached through a redirect names
        // URIs without the token (see PlaylistLoader+Attempt).
        let response = try await fetch(url, token: header, kind: .manifestHlsMaster, step: .fetch, eventID: id)
        let own = response.redirects == 0
        let top = try inventory(of: response.body, url: response.finalURL, token: token, addsToken: own && inURIs, eventID: id)
        var listing = MediaListing(token: token, playlistURL: response.finalURL, inventory: top)
        if !inURIs, own, let header { listing.header = OriginHeader(value: header, origin: response.finalURL) }
        guard top.summary.kind == .master else { return listing }
        guard let best = top.bestVariant, let variantURL = URL(string: best.uri) else {
            throw PlaylistLoadError(.rewrite, eventID: id, M3U8Error(.invalidPlaylistURL(url.absoluteString), line: 0))
        }
        let variant = try await fetch(variantURL, token: own ? header : nil, kind: .manifestHlsVariant,
                                      step: .fetchVariant, eventID: id)
        let media = try inventory(of: variant.body, url: variant.finalURL, token: token,
                                  addsToken: own && variant.redirects == 0 && inURIs, eventID: id)
        var audio: M3U8Inventory?
        if let rendition = top.audioRendition(of: best), let uri = rendition.uri, let audioURL = URL(string: uri) {
            let response = try await fetch(audioURL, token: own ? header : nil, kind: .manifestHlsVariant,
                                           step: .fetchVariant, eventID: id)
            audio = try inventory(of: response.body, url: response.finalURL, token: token,
                                  addsToken: own && response.redirects == 0 && inURIs, eventID: id)
        }
        var chosen = MediaListing(token: token, playlistURL: variant.finalURL, inventory: media, master: top, audio: audio)
        chosen.header = listing.header
        return chosen
    }

    func inventory(of body: Data, url: URL, token: String, addsToken: Bool = true, eventID: String) throws -> M3U8Inventory {
        var rewriter = M3U8Rewriter(playlistURL: url, token: token, limits: limits)
        rewriter.addsToken = addsToken
        do { return try rewriter.inventory(body) } catch {
            throw PlaylistLoadError(.rewrite, eventID: eventID, error)
        }
    }
}
