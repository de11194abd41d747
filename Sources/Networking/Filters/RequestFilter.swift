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
