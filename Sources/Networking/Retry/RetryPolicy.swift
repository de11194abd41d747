import Foundation

/// The default retry policy, as a pure function of the failure and the retry number.
///
/// - A request fails when the status is outside 200–299, the transport fails, or a filter fails.
/// - It is retried at most ``maxRetries`` times (3: four attempts in all).
/// - The delay before retry *n* is `min(exp(base·n), cap)` seconds: with the defaults
///   1.284, 1.649, 2.117, 2.718, 3.490 s for n = 1…5, and 5 s from n = 7 on.
/// - On 429 and 503 a `Retry-After` header is honoured instead, capped at ``retryAfterCap``.
/// - What cannot heal is never retried: 4xx other than 408, 425 and 429 (so 400, 401, 403, 404
///   on the API), 1xx/3xx (a response not understood), a fatal ``FilterError``.
/// - Transport errors are retried (the pipeline has already refused non-idempotent requests
///   whose connection broke after they may have reached the server), except a body over the cap
///   of its kind (``TransportError/exceededCap``): it would only be downloaded again; and a refused
///   server certificate (``TransportError/refusedCertificate``): the same one would come back.
///
/// ```swift
/// let policy = RetryPolicy()
/// policy.delay(forRetry: 1)                 // 1.284
/// policy.decide(failure, retry: 4)          // .abort: only 3 retries
/// ```
public struct RetryPolicy: Sendable, Equatable {
    /// Retries after the first attempt.
    public var maxRetries: Int
    /// The exponent factor: the delay before retry n is `exp(base·n)` seconds...
    public var base: Double
    /// ...at most this many seconds.
    public var cap: Double
    /// The longest `Retry-After` honoured, in seconds.
    public var retryAfterCap: Double

    public init(maxRetries: Int = 3, base: Double = 0.25, cap: Double = 5, retryAfterCap: Double = 30) {
        self.maxRetries = maxRetries
        self.base = base
        self.cap = cap
        self.retryAfterCap = retryAfterCap
    }

    /// `min(exp(base·n), cap)` seconds, for retry `n` ≥ 1.
    public func delay(forRetry n: Int) -> Double {
        min(exp(base * Double(n)), cap)
    }

    /// Whether a failed status may heal by sending the same request again.
    public static func isRetryable(status: Int) -> Bool {
        switch status {
        case 408, 425, 429: return true
        case 501, 505: return false
        case 500...599: return true
        default: return false
        }
    }

    /// The decision for `failure`, which is asking for retry number `retry` (1 for the first).
    public func decide(_ failure: AttemptFailure, retry: Int) -> RetryDecision {
        guard retry >= 1, retry <= maxRetries else { return .abort }
        var wait = delay(forRetry: retry)
        switch failure.cause {
        case .status(let status):
            guard Self.isRetryable(status: status) else { return .abort }
            if status == 429 || status == 503, let retryAfter = failure.retryAfter {
                wait = min(retryAfter, retryAfterCap)
            }
        case .transport(let error):
            if error.isLasting { return .abort }
        case .filter(let error):
            if error.isFatal { return .abort }
        }
        return .retry(after: wait, request: failure.request)
    }
}
