import EventsAPI
import Foundation
import Player
import Playlist

/// Turns an event into a player source: tokens, authorised URL, rewritten private playlist
/// (DESIGN.md §4), and cleans the private files up when a playback ends and at exit.
///
/// ```swift
/// let preparer = try PlaybackPreparer(services: services)
/// let prepared = try await preparer.prepare(event)
/// player.load(preparer.mediaSource(prepared))
/// preparer.finish(prepared)
/// ```
public final class PlaybackPreparer: Sendable {
    let loader: PlaylistLoader
    let tokens: APITokenProvider

    public init(services: AppServices) throws {
        let store = try PlaylistStore()
        loader = PlaylistLoader(pipeline: services.pipeline, store: store)
        tokens = APITokenProvider(cache: services.tokens)
    }

    /// Prepares `event`; with `refreshTokens` (after a 401/403 from media) fresh tokens are fetched first.
    public func prepare(_ event: Event, refreshTokens: Bool = false) async throws -> PreparedPlayback {
        if refreshTokens { _ = try await tokens.tokens(refresh: true) }
        return try await loader.prepare(event.playbackSource, tokens: tokens)
    }

    /// What the player opens: the private file (complete) or the remote URL (live), with the token for the header.
    public func mediaSource(_ prepared: PreparedPlayback) -> MediaSource {
        MediaSource(url: prepared.url, authorizationToken: prepared.token, isLive: !prepared.isComplete)
    }

    /// Removes the private files of one playback.
    public func finish(_ prepared: PreparedPlayback) {
        loader.finish(prepared)
    }

    /// Removes every private file (at exit and on terminating signals).
    public func removeAll() {
        loader.store.removeAll()
    }
}
