/// How long each step of preparing a playback took, in milliseconds (the startup timeline).
///
/// ```swift
/// let p = try await loader.prepare(source, tokens: provider)
/// print("tokens \(p.timings.tokensMilliseconds) ms, fetch \(p.timings.fetchMilliseconds) ms")
/// ```
public struct StartupTimings: Sendable, Equatable {
    /// Getting the media tokens (both lookups when a 401/403 forced a refresh).
    public var tokensMilliseconds: Double = 0
    /// Fetching the playlist(s); a master's variants are fetched concurrently, this is the wall time.
    public var fetchMilliseconds: Double = 0
    /// Rewriting them (for a complete media playlist over 1 MiB, rewritten straight into its file,
    /// this includes the write).
    public var rewriteMilliseconds: Double = 0
    /// Writing the private files.
    public var writeMilliseconds: Double = 0
    /// Playlists fetched (1, or 1 + variants).
    public var playlistsFetched = 0
    /// Token refreshes after a 401/403 (0 or 1).
    public var tokenRefreshes = 0

    public init() {}

    /// Sum of the steps.
    public var totalMilliseconds: Double {
        tokensMilliseconds + fetchMilliseconds + rewriteMilliseconds + writeMilliseconds
    }
}
