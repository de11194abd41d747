import Foundation

/// A retry policy's answer about a failed attempt.
///
/// ```swift
/// let decision = RetryPolicy().decide(failure, retry: 1)   // .retry(after: 1.284, request: ...)
/// ```
public enum RetryDecision: Sendable, Equatable {
    /// Send `request` again after `after` seconds (early retry may cut the wait short).
    case retry(after: Double, request: HTTPRequest)
    /// Give up; the request fails with the last failure.
    case abort
}
