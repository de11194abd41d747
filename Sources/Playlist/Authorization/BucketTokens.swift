/// The media tokens of the signed-in user, one per storage bucket.
///
/// Lookup is by exact bucket name; a bucket without a token is a ``MissingBucketTokenError``.
/// ```swift
/// let tokens = BucketTokens(["30-days": "tok-30", "7-days": "tok-7"])
/// let token = try tokens.token(forBucket: "30-days")   // "tok-30"
/// ```
public struct BucketTokens: Sendable, Equatable {
    /// Token by bucket name.
    public let tokens: [String: String]

    public init(_ tokens: [String: String]) {
        self.tokens = tokens
    }

    /// The token of `bucket` (exact, case-sensitive match).
    /// - Throws: ``MissingBucketTokenError`` naming the bucket when there is none.
    public func token(forBucket bucket: String) throws(MissingBucketTokenError) -> String {
        guard let token = tokens[bucket], !token.isEmpty else {
            throw MissingBucketTokenError(bucket: bucket, availableBuckets: tokens.keys.sorted())
        }
        return token
    }
}
