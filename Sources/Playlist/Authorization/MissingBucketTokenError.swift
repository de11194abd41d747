/// The token list has no token for the event's bucket, so its video cannot be authorised.
///
/// ```swift
/// do { _ = try tokens.token(forBucket: "365-days") }
/// catch { print(error) }  // no media token for bucket "365-days" (tokens exist for: 180-days, 30-days, 7-days) ...
/// ```
public struct MissingBucketTokenError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bucket that has no token.
    public let bucket: String
    /// The buckets that do have one, sorted.
    public let availableBuckets: [String]

    public init(bucket: String, availableBuckets: [String]) {
        self.bucket = bucket
        self.availableBuckets = availableBuckets
    }

    public var description: String {
        let have = availableBuckets.isEmpty ? "the server returned no tokens" :
            "tokens exist for: \(availableBuckets.joined(separator: ", "))"
        return "no media token for bucket \"\(bucket)\" (\(have)); this event's video cannot be played "
            + "with this account's tokens"
    }
}
