import Foundation

/// The closure face of the pipeline, shaped like a player SDK's `NetworkConfig`
/// (completion-handler style). ``NetworkPipeline/apply(_:)`` turns it into a request filter,
/// a response filter and the retry handler, so Swift callers may use closures or
/// ``RequestFilter``/``ResponseFilter``.
///
/// ```swift
/// var config = NetworkConfig()
/// config.preprocessHttpRequest = { kind, request, completion in
///     var request = request
///     if kind == .mediaSegment { request.headers["X-Client"] = "eventplayer" }
///     completion(request)
/// }
/// config.retryHttpRequest = { kind, retry, response, retryHandler, abortHandler in
///     guard retry <= 3 else { return abortHandler() }
///     retryHandler(exp(0.25 * Double(retry)), response.request)
/// }
/// pipeline.apply(config)
/// ```
///
/// A closure that never calls its completion (or, for the retry handler, neither `retryHandler`
/// nor `abortHandler`) fails the request after ``NetworkConfiguration/handlerTimeout`` (20 s).
public struct NetworkConfig: Sendable {
    /// Changes a request; must call `completionHandler` with the request to send.
    public typealias PreprocessHttpRequestHandler = @Sendable (
        _ type: HTTPRequestKind,
        _ request: HTTPRequest,
        _ completionHandler: @escaping @Sendable (_ request: HTTPRequest) -> Void
    ) -> Void

    /// Called by a retry handler to retry after `retryDelay` seconds with `request`
    /// (the failed request, or a changed one).
    public typealias RetryHandler = @Sendable (_ retryDelay: TimeInterval, _ request: HTTPRequest) -> Void

    /// Called by a retry handler to give up.
    public typealias AbortHandler = @Sendable () -> Void

    /// Decides about a failed attempt. `retry` is the number of the retry being asked for
    /// (1 for the first retry). `response` is the failed response; when no HTTP response arrived
    /// its `status` is 0 and `failure` says why. Replaces the default policy entirely (only fatal
    /// filter errors, cancellation and non-idempotent requests after a broken connection are
    /// decided before it is asked).
    public typealias RetryHttpRequestHandler = @Sendable (
        _ type: HTTPRequestKind,
        _ retry: Int,
        _ response: HTTPResponse,
        _ retryHandler: @escaping RetryHandler,
        _ abortHandler: @escaping AbortHandler
    ) -> Void

    /// Changes a successful response; must call `completionHandler` with the response to use.
    public typealias PreprocessHttpResponseHandler = @Sendable (
        _ type: HTTPRequestKind,
        _ response: HTTPResponse,
        _ completionHandler: @escaping @Sendable (_ response: HTTPResponse) -> Void
    ) -> Void

    /// Runs as a request filter, after the filters registered before ``NetworkPipeline/apply(_:)``.
    public var preprocessHttpRequest: PreprocessHttpRequestHandler?
    /// Replaces the default ``RetryPolicy``.
    public var retryHttpRequest: RetryHttpRequestHandler?
    /// Runs as a response filter.
    public var preprocessHttpResponse: PreprocessHttpResponseHandler?

    public init(
        preprocessHttpRequest: PreprocessHttpRequestHandler? = nil,
        retryHttpRequest: RetryHttpRequestHandler? = nil,
        preprocessHttpResponse: PreprocessHttpResponseHandler? = nil
    ) {
        self.preprocessHttpRequest = preprocessHttpRequest
        self.retryHttpRequest = retryHttpRequest
        self.preprocessHttpResponse = preprocessHttpResponse
    }
}
