import EventsAPI
import Playlist
import SystemSupport

/// Media tokens for the playlist loader, from the events API's cached tokens.
struct APITokenProvider: PlaybackTokenProvider {
    let cache: MediaTokenCache

    func tokens(refresh: Bool) async throws -> BucketTokens {
        let tokens = try await cache.tokens(refresh: refresh)
        tokens.values.forEach(Redactor.shared.register)
        return BucketTokens(tokens)
    }
}
