import Foundation

/// Media tokens fetched once and reused until shortly before they expire (docs/playback.md);
/// `refresh: true` (after a 401/403 from media) fetches them again. Concurrent callers share one fetch.
///
/// ```swift
/// let cache = MediaTokenCache(backend: backend)
/// let token = try await cache.tokens()["30-days"]
/// ```
public actor MediaTokenCache {
    let backend: any EventBackend
    let margin: TimeInterval
    let now: @Sendable () -> Date
    private var cached: [MediaToken] = []
    private var fetching: Task<[MediaToken], any Error>?

    /// - Parameter margin: tokens are refetched this many seconds before `expiresAt`.
    public init(backend: any EventBackend, margin: TimeInterval = 60, now: @escaping @Sendable () -> Date = Date.init) {
        self.backend = backend
        self.margin = margin
        self.now = now
    }

    /// The current tokens by bucket.
    public func tokens(refresh: Bool = false) async throws -> [String: String] {
        let fresh = cached.filter { $0.expiresAt.timeIntervalSince(now()) > margin }
        if !refresh, !cached.isEmpty, fresh.count == cached.count {
            return Self.byBucket(cached)
        }
        if let fetching { return Self.byBucket(try await fetching.value) }
        let task = Task { [backend] in try await backend.mediaTokens(refresh: refresh) }
        fetching = task
        defer { fetching = nil }
        cached = try await task.value
        return Self.byBucket(cached)
    }

    static func byBucket(_ tokens: [MediaToken]) -> [String: String] {
        Dictionary(tokens.map { ($0.bucket, $0.token) }, uniquingKeysWith: { _, last in last })
    }
}
