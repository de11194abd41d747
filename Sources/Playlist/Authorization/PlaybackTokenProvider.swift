/// Where the playlist loader gets media tokens: the App adapts its events client to this.
///
/// ```swift
/// struct APITokens: PlaybackTokenProvider {
///     let client: EventsClient
///     func tokens(refresh: Bool) async throws -> BucketTokens {
///         BucketTokens(try await client.tokens(forceRefresh: refresh).byBucket)
///     }
/// }
/// ```
public protocol PlaybackTokenProvider: Sendable {
    /// The current tokens. `refresh: true` asks for fresh ones from the server (after a 401/403 from media).
    func tokens(refresh: Bool) async throws -> BucketTokens
}
