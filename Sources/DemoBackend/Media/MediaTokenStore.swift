import Foundation

/// One current token per bucket. An expired token is replaced when tokens are next asked for;
/// only the current, unexpired token of a bucket opens its media.
actor MediaTokenStore {
    struct Token: Sendable {
        let bucket: String
        let token: String
        let expiresAt: Date
        let generation: Int
    }

    private let lifetime: TimeInterval
    private let buckets: [String]
    private var current: [String: Token] = [:]

    init(buckets: [String], lifetime: TimeInterval) {
        self.buckets = buckets
        self.lifetime = lifetime
    }

    /// The current token of every bucket that has tokens, renewing expired ones.
    func tokens(generation: Int, now: Date = Date()) -> [Token] {
        buckets.map { bucket in
            if let token = current[bucket], !isExpired(token, generation: generation, now: now) {
                return token
            }
            let token = Token(
                bucket: bucket, token: TokenFactory.make("mt"),
                expiresAt: now.addingTimeInterval(lifetime), generation: generation
            )
            current[bucket] = token
            return token
        }
    }

    /// Whether `token` is the current, unexpired token of `bucket`.
    func accepts(_ token: String, bucket: String, generation: Int, now: Date = Date()) -> Bool {
        guard let entry = current[bucket], entry.token == token else { return false }
        return !isExpired(entry, generation: generation, now: now)
    }

    private func isExpired(_ token: Token, generation: Int, now: Date) -> Bool {
        token.expiresAt <= now || token.generation < generation
    }
}
