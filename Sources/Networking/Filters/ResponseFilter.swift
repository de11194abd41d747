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
