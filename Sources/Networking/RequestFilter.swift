/// Sees, and may change, every request before it is sent (and again before each retry).
///
/// Filters run in registration order, one after the other. Throw ``FilterError`` to fail the
/// request: a fatal one ends it, any other error goes to the retry policy. Because retries run the
/// filters again, a filter should *set* what it needs rather than append to it.
///
/// ```swift
/// struct BearerFilter: RequestFilter {
///     let token: @Sendable () async throws -> String
///     func filter(request: HTTPRequest) async throws -> HTTPRequest {
///         guard request.kind.isAPI else { return request }
///         var request = request
///         request.headers["Authorization"] = "Bearer \(try await token())"
///         return request
///     }
/// }
/// pipeline.add(requestFilter: BearerFilter(token: { "abc" }))
/// ```
public protocol RequestFilter: Sendable {
    /// Returns the request to send (the same, or changed).
    func filter(request: HTTPRequest) async throws -> HTTPRequest
}

/// Sees, and may change, every successful (2xx) response before the caller gets it.
///
/// Filters run in registration order, one after the other. Throw ``FilterError`` to fail the
/// request (``FilterError/notUnderstood(_:)`` when the response cannot be used: never retried).
///
/// ```swift
/// struct RequireJSON: ResponseFilter {
///     func filter(response: HTTPResponse) async throws -> HTTPResponse {
///         guard response.request.kind.isAPI else { return response }
///         guard response.headers["Content-Type"]?.contains("json") == true else {
///             throw FilterError.notUnderstood("expected JSON")
///         }
///         return response
///     }
/// }
/// ```
public protocol ResponseFilter: Sendable {
    /// Returns the response to hand on (the same, or changed).
    func filter(response: HTTPResponse) async throws -> HTTPResponse
}

/// A filter for both sides; implement either method, the other is a no-op.
///
/// ```swift
/// struct Tracer: NetworkFilter {
///     func filter(request: HTTPRequest) async throws -> HTTPRequest {
///         var request = request
///         request.headers["X-Trace"] = "1"
///         return request
///     }
/// }
/// pipeline.add(filter: Tracer())
/// ```
public protocol NetworkFilter: RequestFilter, ResponseFilter {}

extension NetworkFilter {
    public func filter(request: HTTPRequest) async throws -> HTTPRequest { request }
    public func filter(response: HTTPResponse) async throws -> HTTPResponse { response }
}
