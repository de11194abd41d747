import Playlist

/// Where the proxy gets the event's media token. `refresh: true` is asked after the origin
/// answered 401/403 with the current one: fetch a fresh token from the server.
///
/// ```swift
/// struct FixedToken: MediaTokenSource {
///     func token(refresh: Bool) async throws -> String { "tok" }
/// }
/// // or, from the App's bucket tokens:
/// let source = BucketTokenSource(provider: appTokens, bucket: event.bucket)
/// ```
public protocol MediaTokenSource: Sendable {
    /// The current token of the event's bucket.
    func token(refresh: Bool) async throws -> String
}

/// A ``MediaTokenSource`` over the playlist layer's ``PlaybackTokenProvider`` (one bucket).
///
/// ```swift
/// let tokens = BucketTokenSource(provider: provider, bucket: "30-days")
/// ```
public struct BucketTokenSource: MediaTokenSource {
    public let provider: any PlaybackTokenProvider
    public let bucket: String

    public init(provider: any PlaybackTokenProvider, bucket: String) {
        self.provider = provider
        self.bucket = bucket
    }

    public func token(refresh: Bool) async throws -> String {
        try await provider.tokens(refresh: refresh).token(forBucket: bucket)
    }
}
