import EventsAPI
import Foundation
import Networking
import Player
import Playlist

/// The real ``PlaybackPreparing``: tokens from the events API, authorised URL, rewritten private
/// playlist (docs/playback.md), and the private files removed when a playback ends and at exit.
///
/// ```swift
/// let preparer = try PlaybackPreparer(services: services)
/// let prepared = try await preparer.prepare(event, refreshTokens: false)
/// try player.load(prepared.mediaSource, startAt: 0, as: id)
/// preparer.remove(prepared)
/// ```
public final class PlaybackPreparer: PlaybackPreparing {
    let loader: PlaylistLoader
    let tokens: APITokenProvider
    /// What the pipeline trusts: mpv is handed the same CA file, and a pinned server is refused
    /// (``DirectModeTrustError``).
    let trust: CertificateTrust

    public init(services: AppServices) throws {
        let store = try PlaylistStore()
        loader = PlaylistLoader(pipeline: services.pipeline, store: store)
        tokens = APITokenProvider(cache: services.tokens)
        trust = services.trust
    }

    /// - Throws: ``DirectModeTrustError`` before any request when the event's media is on a server
    ///   with a pinned certificate, or after the playlist was read when it was redirected to one.
    public func prepare(_ event: Event, refreshTokens: Bool) async throws -> PreparedPlayback {
        try event.checkPlayable()
        let source = event.playbackSource
        try DirectModeTrustError.check([source.videoURL], trust: trust)
        if refreshTokens { _ = try await tokens.tokens(refresh: true) }
        var prepared = try await loader.prepare(source, tokens: tokens)
        do {
            try DirectModeTrustError.check([prepared.remoteURL], trust: trust)
        } catch {
            loader.finish(prepared)
            throw error
        }
        prepared.certificateAuthorityFile = trust.authorityFile
        return prepared
    }

    public func remove(_ prepared: PreparedPlayback) {
        loader.finish(prepared)
    }

    /// Nothing is reported while playing: mpv fetches media itself in this mode.
    public var notices: AsyncStream<PlaybackNotice> { AsyncStream { $0.finish() } }

    /// The directory holding this process's private files.
    public var privateDirectory: URL { loader.store.directory }

    public func removeAll() {
        loader.store.removeAll()
    }
}

extension PreparedPlayback {
    /// What the player opens: the private file (complete), the remote URL (live), or the loopback
    /// proxy, with the token for the header only for a live event's own URL (see
    /// ``PreparedPlayback/playerToken``: none for a private file, after a redirect, or for the proxy).
    public var mediaSource: MediaSource {
        var source = MediaSource(url: url, authorizationToken: playerToken, isLive: !isComplete,
                                 origin: url.isFileURL ? nil : remoteURL)
        source.parts = parts.map { MediaSource.Part(start: $0.start, url: $0.url) }
        source.certificateAuthorityFile = certificateAuthorityFile
        source.playlistText = playlistText
        source.isLiveFeed = isLiveFeed
        return source
    }
}

